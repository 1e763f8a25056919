import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { watchOps, type WatchEvent } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { envelope, failure, FakeGateway } from '@test/fake-gateway';
import { screenTestHooks } from '@test/screen-hooks';
import { setUnauthorizedHandler } from '../unauthorized';
import { FakeEventSource } from './testing/fake-event-source';
import { markAllSeen, startWatch } from './watch-stream';
import { getWatchView, onNewWatchEvent } from './watch-store';

screenTestHooks();

const failed = (sequence: number, extra: Partial<WatchEvent> = {}) =>
  fixtures.watchFailed({ sequence, ...extra } as never);

// Taken before the timers are faked: the stand-in gateway's answers need real turns.
const realTimeout = globalThis.setTimeout;

/** Waits (in real time, timers stopped) until `check` holds. */
async function until(check: () => boolean) {
  for (let i = 0; i < 200; i += 1) {
    if (check()) return;
    await new Promise((resolve) => realTimeout(resolve, 5));
  }
  throw new Error('The condition never held');
}

const unseen = () => getWatchView().unseen.map((e) => e.sequence);

/** The tab goes out of view or comes back into it. */
function showTab(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

/** Runs `body` in a browser without this global (an older one, or jsdom's own). */
async function without(name: 'BroadcastChannel' | 'EventSource', body: () => void | Promise<void>) {
  const g = globalThis as Record<string, unknown>;
  const saved = g[name];
  delete g[name];
  try {
    await body();
  } finally {
    g[name] = saved;
  }
}

let releases: (() => void)[] = [];
let gateway: FakeGateway;

function watch() {
  const release = startWatch();
  releases.push(release);
  return release;
}

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] });
  FakeEventSource.install();
  gateway = new FakeGateway()
    .on(watchOps.state, fixtures.watchState({ latest: 13, seen: 10 }))
    .install();
});

afterEach(() => {
  for (const release of releases) release();
  releases = [];
  FakeEventSource.uninstall();
  jest.useRealTimers();
});

describe('the failure watch stream', () => {
  it('opens one stream for the tab however many listen, and closes it with the last', () => {
    const first = watch();
    const second = watch();
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(FakeEventSource.latest().url).toBe('/api/watch/stream');
    first();
    first();
    expect(FakeEventSource.live()).toHaveLength(1);
    second();
    expect(FakeEventSource.live()).toHaveLength(0);
  });

  it('counts the events after the seen sequence, each once, and forgets them when it closes', () => {
    const release = watch();
    const stream = FakeEventSource.latest();
    stream.state({ latest: 12, seen: 10 });
    stream.event(failed(11));
    stream.event(failed(12));
    stream.event(failed(12));
    stream.event(failed(9));
    expect(unseen()).toEqual([11, 12]);
    expect(getWatchView()).toMatchObject({ seen: 10, latest: 12, connected: true });
    release();
    expect(getWatchView()).toMatchObject({ unseen: [], seen: null, connected: false });
  });

  it('announces only the events newer than its first state, also those replayed after a drop', () => {
    watch();
    const announced: number[] = [];
    releases.push(onNewWatchEvent((event) => announced.push(event.sequence)));
    const stream = FakeEventSource.latest();
    stream.state({ latest: 12, seen: 10 });
    stream.event(failed(11));
    stream.event(failed(12));
    stream.event(failed(13));
    // The browser reconnects by itself with Last-Event-ID 13: the gateway replays after it.
    stream.drop();
    expect(getWatchView().connected).toBe(false);
    stream.state({ latest: 14, seen: 10, replayFrom: 13 });
    stream.event(failed(13));
    stream.event(failed(14));
    expect(announced).toEqual([13, 14]);
    expect(unseen()).toEqual([11, 12, 13, 14]);
    // A drop is the browser's to mend: nothing else is opened or asked.
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(gateway.callsTo(watchOps.state)).toHaveLength(0);
  });

  it('after a refused stream whose session has ended, takes the path to sign-in and opens nothing more', async () => {
    const toSignIn = jest.fn();
    setUnauthorizedHandler(toSignIn);
    gateway.on(watchOps.state, envelope(401, 'UNAUTHENTICATED', 'Sign in'));
    watch();
    FakeEventSource.latest().state({ latest: 3 });
    FakeEventSource.latest().refuse();
    await until(() => toSignIn.mock.calls.length > 0);
    await jest.advanceTimersByTimeAsync(10 * 60_000);
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(gateway.callsTo(watchOps.state)).toHaveLength(1);
  });

  it('after a refused stream whose session lives (a gateway restarting), opens it again after a growing pause, resuming after the last event', async () => {
    watch();
    const first = FakeEventSource.latest();
    first.state({ latest: 12, seen: 10 });
    first.event(failed(13));
    first.refuse();
    await until(() => gateway.callsTo(watchOps.state).length === 1);
    await jest.advanceTimersByTimeAsync(4_900);
    expect(FakeEventSource.opened).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(100);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(FakeEventSource.latest().url).toBe('/api/watch/stream?lastEventId=13');

    // Refused again: twice the pause.
    FakeEventSource.latest().refuse();
    await until(() => gateway.callsTo(watchOps.state).length === 2);
    await jest.advanceTimersByTimeAsync(9_900);
    expect(FakeEventSource.opened).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(100);
    expect(FakeEventSource.opened).toHaveLength(3);
    expect(unseen()).toEqual([13]);
  });

  it('closes at the end the gateway sends at sign-out; after a pause watch.state leads to sign-in, and nothing reopens', async () => {
    const toSignIn = jest.fn();
    setUnauthorizedHandler(toSignIn);
    gateway.on(watchOps.state, envelope(401, 'UNAUTHENTICATED', 'Sign in'));
    watch();
    const stream = FakeEventSource.latest();
    stream.state({ latest: 3 });
    stream.end('signed-out');
    expect(FakeEventSource.live()).toHaveLength(0);
    expect(gateway.callsTo(watchOps.state)).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(5_000);
    await until(() => toSignIn.mock.calls.length > 0);
    await jest.advanceTimersByTimeAsync(10 * 60_000);
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(gateway.callsTo(watchOps.state)).toHaveLength(1);
  });

  it('Mark all as seen stores the newest sequence known, empties the count and tells the other tabs', async () => {
    gateway.on(watchOps.seen, (req) => ({ seen: (req.body as { sequence: number }).sequence }));
    watch();
    const stream = FakeEventSource.latest();
    stream.state({ latest: 12, seen: 10 });
    stream.event(failed(11));
    stream.event(failed(14));
    const otherTab = new BroadcastChannel('onboarding-watch');
    const told: unknown[] = [];
    otherTab.onmessage = (message) => told.push(message.data);
    await expect(markAllSeen()).resolves.toBe(14);
    expect(gateway.bodiesOf(watchOps.seen)).toEqual([{ sequence: 14 }]);
    expect(getWatchView()).toMatchObject({ seen: 14, unseen: [] });
    await until(() => told.length > 0);
    expect(told).toEqual([{ seen: 14 }]);
    otherTab.close();
  });

  it("takes in another tab's Mark all as seen", async () => {
    watch();
    const stream = FakeEventSource.latest();
    stream.state({ latest: 12, seen: 10 });
    stream.event(failed(11));
    stream.event(failed(12));
    const otherTab = new BroadcastChannel('onboarding-watch');
    otherTab.postMessage({ seen: 11 });
    await until(() => getWatchView().seen === 11);
    expect(unseen()).toEqual([12]);
    otherTab.close();
  });

  it('opens nothing where the browser has no EventSource', async () => {
    FakeEventSource.uninstall();
    await without('EventSource', () => {
      expect(() => watch()).not.toThrow();
    });
    expect(getWatchView()).toMatchObject({ connected: false, latest: 0 });
  });

  it('works alone in a browser whose tabs cannot tell each other what was seen', async () => {
    gateway.on(watchOps.seen, (req) => ({ seen: (req.body as { sequence: number }).sequence }));
    await without('BroadcastChannel', async () => {
      const release = watch();
      const stream = FakeEventSource.latest();
      stream.state({ latest: 12, seen: 10 });
      stream.event(failed(11));
      await expect(markAllSeen()).resolves.toBe(12);
      expect(getWatchView()).toMatchObject({ seen: 12, unseen: [] });
      expect(() => release()).not.toThrow();
    });
  });

  it("ignores another tab's message that carries no seen sequence", async () => {
    watch();
    const stream = FakeEventSource.latest();
    stream.state({ latest: 12, seen: 10 });
    stream.event(failed(11));
    stream.event(failed(12));
    const otherTab = new BroadcastChannel('onboarding-watch');
    for (const message of [null, {}, { seen: '11' }]) otherTab.postMessage(message);
    otherTab.postMessage({ seen: 11 });
    await until(() => getWatchView().seen !== 10);
    expect(getWatchView().seen).toBe(11);
    expect(unseen()).toEqual([12]);
    otherTab.close();
  });

  it('skips a message it cannot read, and goes on with the next', () => {
    watch();
    const stream = FakeEventSource.latest();
    const garbled = (type: string, data: string) =>
      stream.dispatchEvent(new MessageEvent(type, { data, lastEventId: '12' }));
    garbled('state', 'not json');
    garbled('state', '{"latest":"many"}');
    expect(getWatchView()).toMatchObject({ connected: false, latest: 0 });
    stream.state({ latest: 12, seen: 10 });
    garbled('message', '{"type":"exploded","sequence":13}');
    garbled('message', '{');
    stream.event(failed(14));
    expect(unseen()).toEqual([14]);
  });

  it('starts its pauses over once a reopened stream answers, even unreadably', async () => {
    watch();
    FakeEventSource.latest().state({ latest: 3 });
    FakeEventSource.latest().refuse();
    await until(() => gateway.callsTo(watchOps.state).length === 1);
    await jest.advanceTimersByTimeAsync(5_000);
    expect(FakeEventSource.opened).toHaveLength(2);
    const reopened = FakeEventSource.latest();
    reopened.dispatchEvent(new MessageEvent('state', { data: '{', lastEventId: '3' }));
    reopened.refuse();
    await until(() => gateway.callsTo(watchOps.state).length === 2);
    await jest.advanceTimersByTimeAsync(5_000);
    expect(FakeEventSource.opened).toHaveLength(3);
  });

  it('shows the watch as disconnected as soon as the stream is refused or ended', async () => {
    const release = gateway.hold(watchOps.state);
    watch();
    FakeEventSource.latest().state({ latest: 12, seen: 10 });
    expect(getWatchView().connected).toBe(true);
    FakeEventSource.latest().refuse();
    expect(getWatchView().connected).toBe(false);
    release();
    await until(() => getWatchView().latest === 13);
    expect(getWatchView().connected).toBe(false);
    await jest.advanceTimersByTimeAsync(5_000);
    FakeEventSource.latest().state({ latest: 13, seen: 10 });
    expect(getWatchView().connected).toBe(true);
    FakeEventSource.latest().end('session-expired');
    expect(getWatchView().connected).toBe(false);
  });

  it('changes nothing with a check of the session answered after the watch was let go', async () => {
    const answer = gateway.hold(watchOps.state);
    const release = watch();
    FakeEventSource.latest().state({ latest: 3 });
    FakeEventSource.latest().refuse();
    await until(() => gateway.callsTo(watchOps.state).length === 1);
    release();
    answer();
    await jest.advanceTimersByTimeAsync(0);
    await new Promise((resolve) => realTimeout(resolve, 20));
    expect(getWatchView()).toMatchObject({ seen: null, latest: 0, connected: false });
    await jest.advanceTimersByTimeAsync(10 * 60_000);
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('changes nothing when a stream it already let go of fails', () => {
    watch();
    const stream = FakeEventSource.latest();
    stream.state({ latest: 3 });
    stream.end('signed-out');
    stream.refuse();
    expect(gateway.callsTo(watchOps.state)).toHaveLength(0);
  });

  it('opens the stream again when the check of the session itself fails', async () => {
    gateway.on(watchOps.state, failure(502, 'Bad gateway'));
    watch();
    FakeEventSource.latest().state({ latest: 3 });
    FakeEventSource.latest().refuse();
    await until(() => gateway.callsTo(watchOps.state).length === 1);
    await jest.advanceTimersByTimeAsync(5_000);
    expect(FakeEventSource.opened).toHaveLength(2);
  });

  it('restarted, waits its own pause, not one left from before it was let go', async () => {
    const first = watch();
    FakeEventSource.latest().state({ latest: 12, seen: 10 });
    FakeEventSource.latest().refuse();
    await until(() => gateway.callsTo(watchOps.state).length === 1);
    await new Promise((resolve) => realTimeout(resolve, 20));
    first();
    watch();
    expect(FakeEventSource.opened).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(3_000);
    FakeEventSource.latest().refuse();
    await until(() => gateway.callsTo(watchOps.state).length === 2);
    await jest.advanceTimersByTimeAsync(4_900);
    expect(FakeEventSource.opened).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(100);
    expect(FakeEventSource.opened).toHaveLength(3);
  });

  describe('back in view', () => {
    afterEach(() => {
      delete (document as { visibilityState?: unknown }).visibilityState;
    });

    it('takes in what was marked as seen elsewhere meanwhile', async () => {
      gateway.on(watchOps.state, fixtures.watchState({ latest: 12, seen: 11 }));
      watch();
      const stream = FakeEventSource.latest();
      stream.state({ latest: 12, seen: 10 });
      stream.event(failed(11));
      stream.event(failed(12));
      showTab('visible');
      await until(() => getWatchView().seen === 11);
      expect(unseen()).toEqual([12]);
    });

    it('asks nothing while hidden, or without an open stream, or once let go', () => {
      const release = watch();
      FakeEventSource.latest().state({ latest: 12, seen: 10 });
      showTab('hidden');
      expect(gateway.callsTo(watchOps.state)).toHaveLength(0);
      FakeEventSource.latest().end('signed-out');
      showTab('visible');
      expect(gateway.callsTo(watchOps.state)).toHaveLength(0);
      release();
      showTab('visible');
      expect(gateway.callsTo(watchOps.state)).toHaveLength(0);
    });

    it('changes nothing with an answer that comes after the watch was let go', async () => {
      const answer = gateway.hold(watchOps.state);
      const release = watch();
      FakeEventSource.latest().state({ latest: 3, seen: 1 });
      showTab('visible');
      expect(gateway.callsTo(watchOps.state)).toHaveLength(1);
      release();
      answer();
      await new Promise((resolve) => realTimeout(resolve, 20));
      expect(getWatchView()).toMatchObject({ seen: null, latest: 0 });
    });
  });
});
