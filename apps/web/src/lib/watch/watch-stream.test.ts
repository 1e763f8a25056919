import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { watchOps, type WatchEvent } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { envelope, FakeGateway } from '@test/fake-gateway';
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
});
