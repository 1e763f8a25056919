import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SetupRow, WatchEvent, WatchFailedEvent, WatchState } from '@onboarding/contracts';
import { Browser, freePort, signIn, waitFor } from '@onboarding/test-support';
import type { FailFastSessionStore } from '../src/auth/session/session-store.js';
import { FleetService } from '../src/fleet/fleet.service.js';
import { SESSION_STORE } from '../src/tokens.js';
import { WatchService } from '../src/watch/watch.service.js';
import { CountingProxy } from './support/counting-proxy.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { type RunningSandbox, startSandbox } from './support/sandbox.js';
import { openStream, type OpenStream, type SseMessage } from './support/sse.js';

const STREAM = '/api/watch/stream';
const REFRESH_SECONDS = 1;

/** The sandbox's workflow control (e2e/support/workflow-control.ts): a setup failed at a step. */
async function failWorkflow(
  adminUrl: string,
  spec: { setupId: number; retailerId: number; stepName: string; message: string },
) {
  const res = await fetch(`${adminUrl}/workflow/fail`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(spec),
  });
  expect(res.status).toBe(200);
}

/** Rows of setups whose every retailer has completed (the seed's: they do not move by themselves). */
async function completedRows(browser: Browser, url: string): Promise<SetupRow[]> {
  const page = await browser.post(`${url}/api/proxy/customer-setup/rem_omni/allSetup`, {
    searchText: '',
    limit: 100,
    offset: 0,
  });
  const rows = page.json as SetupRow[];
  return rows.filter((r) => rows.every((o) => o.setupId !== r.setupId || o.status === 'COMPLETED'));
}

const isEvent = (m: SseMessage) => m.event === 'message';
const eventOf = (m: SseMessage) => m.data as WatchEvent;
const failedFor = (setupId: number) => (m: SseMessage) =>
  isEvent(m) && eventOf(m).type === 'failed' && eventOf(m).setupId === setupId;

describe('the failure watch stream, against the sandbox', () => {
  let sandbox: RunningSandbox & { adminUrl?: string };
  let proxy: CountingProxy;
  let gw: TestGateway;
  let browser: Browser;
  let watch: WatchService;
  let targets: SetupRow[];
  /** A second gateway's port, for the shutdown test. */
  let secondPort: number;
  const open: OpenStream[] = [];
  const stream = async (who: Browser | null, headers: Record<string, string> = {}, query = '') => {
    const s = await openStream(who, `${gw.url}${STREAM}${query}`, headers);
    open.push(s);
    return s;
  };

  beforeAll(async () => {
    const port = await freePort();
    secondPort = await freePort();
    sandbox = await startSandbox(
      [port, secondPort].map((p) => `http://127.0.0.1:${p}`),
      {
        adminPort: 0,
      },
    );
    proxy = await new CountingProxy(sandbox.url).start();
    gw = await startGateway(
      {
        OIDC_ISSUER: `${sandbox.url}/oidc`,
        CUSTOMER_SETUP_API_URL: `${proxy.url}/customer-setup`,
        LLM_API_URL: `${sandbox.url}/llm`,
        FLEET_REFRESH_SECONDS: String(REFRESH_SECONDS),
        WATCH_HEARTBEAT_SECONDS: '1',
      },
      { port },
    );
    watch = gw.gateway.app.get(WatchService);
    ({ browser } = await signIn(gw.url, 'watch@example.com'));
    targets = await completedRows(browser, gw.url);
    expect(targets.length).toBeGreaterThanOrEqual(3);
    // The first snapshot after the start is the baseline: nothing in it is announced.
    await waitFor(async () => (await watch.log.baseline()) !== null, { timeoutMs: 20_000 });
  }, 40_000);

  afterAll(async () => {
    for (const s of open) s.close();
    await gw?.close();
    await proxy?.close();
    await sandbox?.close();
  });

  it('refuses a signed-out caller with 401 and no stream', async () => {
    const res = await openStream(null, `${gw.url}${STREAM}`);
    expect(res.status).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('streams unbuffered and uncompressed: its headers, the state first with a retry hint, heartbeats', async () => {
    const s = await stream(browser, { 'accept-encoding': 'gzip, br' });
    expect(s.status).toBe(200);
    expect(s.headers['content-type']).toBe('text/event-stream');
    expect(s.headers['cache-control']).toMatch(/no-cache/);
    expect(s.headers['cache-control']).toMatch(/no-transform/);
    expect(s.headers['x-accel-buffering']).toBe('no');
    expect(s.headers['content-encoding']).toBeUndefined();
    const state = await s.next((m) => m.event === 'state');
    expect(state.retry).toBe(5000);
    const data = state.data as WatchState;
    expect(data).toMatchObject({ seen: null, gap: false });
    expect(state.id).toBe(String(data.replayFrom));
    await waitFor(() => s.comments.includes('heartbeat'), { timeoutMs: 5_000 });
    s.close();
  });

  it('announces a setup failed through the sandbox within the refresh period, with its step and reason', async () => {
    const s = await stream(browser);
    await s.next((m) => m.event === 'state');
    const target = targets[0]!;
    const failedAt = Date.now();
    await failWorkflow(sandbox.adminUrl!, {
      setupId: target.setupId,
      retailerId: target.retailerId,
      stepName: 'sti',
      message: 'made to fail by the watch test',
    });
    const message = await s.next(failedFor(target.setupId), 10_000);
    // A refresh starts within a period, reads, and the watch looks once a second.
    expect(message.receivedAt - failedAt).toBeLessThan(REFRESH_SECONDS * 1000 * 2 + 2_000);
    const event = eventOf(message) as WatchFailedEvent;
    expect(event).toMatchObject({
      type: 'failed',
      flow: 'rem_omni',
      productId: null,
      setupId: target.setupId,
      clientName: target.clientName,
      retailerId: target.retailerId,
      stepName: 'sti',
      reason: 'made to fail by the watch test',
    });
    expect(message.id).toBe(String(event.sequence));
    s.close();
  });

  it('announces the failed setup recovered, then live, once re-triggered through the console', async () => {
    const s = await stream(browser);
    await s.next((m) => m.event === 'state');
    const row = targets[0]!;
    const res = await browser.post(`${gw.url}/api/proxy/customer-setup/rem_omni/reTrigger`, {
      setupId: row.setupId,
      stepName: 'sti',
      clientName: row.clientName,
      clientId: row.clientId,
      retailerId: row.retailerId,
      isNewClient: row.isNewClient,
      ismarketshareEnabled: row.ismarketshareEnabled,
    });
    expect(res.status).toBe(200);
    const of = (type: WatchEvent['type']) => (m: SseMessage) =>
      isEvent(m) && eventOf(m).type === type && eventOf(m).setupId === row.setupId;
    const live = await s.next(of('live'), 15_000);
    expect(live.data).toMatchObject({ clientName: row.clientName, flow: 'rem_omni' });
    const recovered = await s.next(of('recovered'));
    expect(recovered.data).toMatchObject({ retailerId: row.retailerId });
    expect(Number(recovered.id)).toBeLessThanOrEqual(Number(live.id));
    s.close();
  });

  it('replays what a reconnecting browser missed after its Last-Event-ID: nothing twice, nothing lost', async () => {
    const witness = await stream(browser);
    const first = await stream(browser);
    await Promise.all([witness, first].map((s) => s.next((m) => m.event === 'state')));
    await failWorkflow(sandbox.adminUrl!, {
      setupId: targets[1]!.setupId,
      retailerId: targets[1]!.retailerId,
      stepName: 'sti',
      message: 'first of two',
    });
    const lastSeen = await first.next(failedFor(targets[1]!.setupId));
    first.close();
    // Missed while away.
    await failWorkflow(sandbox.adminUrl!, {
      setupId: targets[2]!.setupId,
      retailerId: targets[2]!.retailerId,
      stepName: 'crawling',
      message: 'second of two',
    });
    await witness.next(failedFor(targets[2]!.setupId));
    const again = await stream(browser, { 'last-event-id': lastSeen.id! });
    await again.next(failedFor(targets[2]!.setupId));
    const state = again.messages[0]!;
    expect(state.event).toBe('state');
    expect((state.data as WatchState).replayFrom).toBe(Number(lastSeen.id));
    const ids = (s: OpenStream) => s.messages.filter(isEvent).map((m) => Number(m.id));
    const after = ids(witness).filter((id) => id > Number(lastSeen.id));
    expect(ids(again)).toEqual(after.slice(0, ids(again).length));
    expect(ids(again)[0]).toBe(after[0]);
    expect(new Set(ids(again)).size).toBe(ids(again).length);
    expect(ids(again).every((id) => id > Number(lastSeen.id))).toBe(true);
    // An EventSource polyfill's query parameter does the same.
    const polyfill = await stream(browser, {}, `?lastEventId=${lastSeen.id}`);
    await polyfill.next(failedFor(targets[2]!.setupId));
    expect(polyfill.messages.some(failedFor(targets[1]!.setupId))).toBe(false);
  });

  it("keeps the operator's seen sequence: the state tells it, a fresh stream replays only what is unseen", async () => {
    const state = async (who: Browser) =>
      (await who.get(`${gw.url}/api/watch/state`)).json as WatchState;
    const { latest, oldest } = await state(browser);
    expect(latest).toBeGreaterThanOrEqual(3);
    expect(oldest).not.toBeNull();
    // Everything but the newest event marked seen.
    const marked = await browser.post(`${gw.url}/api/watch/seen`, { sequence: latest - 1 });
    expect(marked.status).toBe(200);
    expect(marked.json).toEqual({ seen: latest - 1 });
    // A fresh page's stream (no Last-Event-ID) replays what is unseen: the newest event alone.
    const fresh = await stream(browser);
    const first = await fresh.next((m) => m.event === 'state');
    expect(first.data).toMatchObject({ seen: latest - 1, replayFrom: latest - 1, gap: false });
    await fresh.next((m) => m.id === String(latest));
    expect(fresh.messages.filter(isEvent).map((m) => m.id)).toEqual([String(latest)]);
    // Never lowered, never past the newest event.
    const mark = async (sequence: number) =>
      (await browser.post(`${gw.url}/api/watch/seen`, { sequence })).json;
    expect(await mark(1)).toEqual({ seen: latest - 1 });
    expect(await mark(latest + 1000)).toEqual({ seen: latest });
    expect(await state(browser)).toMatchObject({ latest, seen: latest });
    // Another operator has seen nothing: their fresh stream starts at the newest event.
    const { browser: other } = await signIn(gw.url, 'someone-else@example.com');
    expect(await state(other)).toMatchObject({ latest, seen: null });
    const theirs = await stream(other);
    expect((await theirs.next((m) => m.event === 'state')).data).toMatchObject({
      seen: null,
      replayFrom: latest,
    });
    // Their "seen" is theirs: a signed-out caller has none, nor a cross-site form post.
    expect(
      (await new Browser(gw.url).post(`${gw.url}/api/watch/seen`, { sequence: 1 })).status,
    ).toBe(401);
    expect(
      (
        await other.request('POST', `${gw.url}/api/watch/seen`, {
          json: { sequence: 1 },
          headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        })
      ).status,
    ).toBe(403);
  });

  it('keeps the setups each operator watches, once each, theirs alone', async () => {
    const url = `${gw.url}/api/watch/watched`;
    const { browser: mine } = await signIn(gw.url, 'watcher@example.com');
    const { browser: theirs } = await signIn(gw.url, 'not-a-watcher@example.com');
    expect((await mine.get(url)).json).toEqual({ watched: [] });
    const setup = { flow: 'rem_omni', productId: null, setupId: targets[0]!.setupId };
    const watched = await mine.post(url, setup);
    expect(watched.status).toBe(200);
    expect(watched.json).toEqual({ watched: [setup] });
    expect((await mine.post(url, setup)).json).toEqual({ watched: [setup] });
    expect((await theirs.get(url)).json).toEqual({ watched: [] });
    // A product setup names its product; a signed-out caller watches nothing.
    const bad = await mine.post(url, { flow: 'meta', productId: null, setupId: 1 });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: { issues: [{ path: ['body', 'productId'] }] } });
    expect((await new Browser(gw.url).post(url, setup)).status).toBe(401);
    // Stopped by the other operator: nothing changes for this one.
    await theirs.request('DELETE', `${url}/${setup.setupId}?flow=rem_omni`);
    expect((await mine.get(url)).json).toEqual({ watched: [setup] });
    const stopped = await mine.request('DELETE', `${url}/${setup.setupId}?flow=rem_omni`);
    expect(stopped.json).toEqual({ watched: [] });
  });

  it('ends the stream at sign-out, saying so', async () => {
    const { browser: other } = await signIn(gw.url, 'leaving@example.com');
    const s = await stream(other);
    await s.next((m) => m.event === 'state');
    const out = await other.post(`${gw.url}/api/sso/logout`, {});
    expect(out.status).toBe(200);
    const end = await s.next((m) => m.event === 'end', 5_000);
    expect(end.data).toEqual({ reason: 'signed-out' });
    // It keeps the browser's Last-Event-ID where it was (Nest would number an id-less message).
    expect(end.id).toBe(s.messages.at(-2)!.id);
    await s.ended;
    // The browser's EventSource reconnects, and is refused.
    expect((await openStream(other, `${gw.url}${STREAM}`)).status).toBe(401);
  });

  it('ends the stream at the next heartbeat once its session has expired', async () => {
    const { browser: other } = await signIn(gw.url, 'expiring@example.com');
    const s = await stream(other);
    await s.next((m) => m.event === 'state');
    const sid = decodeURIComponent(other.cookie('onboarding.sid')!.value).slice(2).split('.')[0]!;
    const store = gw.gateway.app.get<FailFastSessionStore>(SESSION_STORE);
    await new Promise<void>((resolve) => store.destroy(sid, () => resolve()));
    const end = await s.next((m) => m.event === 'end', 5_000);
    expect(end.data).toEqual({ reason: 'session-expired' });
    await s.ended;
  });

  it('costs the upstream nothing per stream: three open streams, the same calls as one', async () => {
    for (const s of open) s.close();
    const one = await stream(browser);
    await one.next((m) => m.event === 'state');
    /** Upstream calls while `one` receives four heartbeats (one a second): about four refreshes. */
    const callsOverFourBeats = async () => {
      const beats = () => one.comments.filter((c) => c === 'heartbeat').length;
      const from = beats();
      await waitFor(() => beats() > from, { timeoutMs: 5_000 });
      proxy.reset();
      await waitFor(() => beats() >= from + 5, { timeoutMs: 10_000 });
      return [...proxy.calls.values()].reduce((a, b) => a + b, 0);
    };
    const withOne = await callsOverFourBeats();
    // One refresh's calls: the list pages of every flow (nothing moves in the sandbox's seed).
    const { calls } = gw.gateway.app.get(FleetService).lastRefresh!;
    const perRefresh = calls.lists + calls.workflows;
    const more = await Promise.all(
      ['second@example.com', 'third@example.com'].map(async (email) => {
        const { browser: b } = await signIn(gw.url, email);
        const s = await stream(b);
        await s.next((m) => m.event === 'state');
        return s;
      }),
    );
    expect(watch.openStreams).toBe(3);
    const withThree = await callsOverFourBeats();
    expect(withOne).toBeGreaterThan(0);
    // The refreshes' timer and the heartbeats' do not tick together: one refresh more or less.
    expect(withThree).toBeLessThanOrEqual(withOne + perRefresh);
    for (const s of [one, ...more]) s.close();
    // Ten heartbeats a second apart: its own time, whatever a run's default (mutation testing's
    // is 10 s).
  }, 30_000);

  it('keeps the snapshot refreshing each period for a tab whose stream is all it sends, though heartbeats come less often', async () => {
    const quiet = await startGateway(
      {
        OIDC_ISSUER: `${sandbox.url}/oidc`,
        CUSTOMER_SETUP_API_URL: `${sandbox.url}/customer-setup`,
        LLM_API_URL: `${sandbox.url}/llm`,
        FLEET_REFRESH_SECONDS: '1',
        WATCH_HEARTBEAT_SECONDS: '6',
      },
      { port: secondPort },
    );
    try {
      const { browser: b } = await signIn(quiet.url, 'idle@example.com');
      const s = await openStream(b, `${quiet.url}${STREAM}`);
      open.push(s);
      await s.next((m) => m.event === 'state');
      // No request from here on: only the stream's heartbeats, every 6 s.
      const fleet = quiet.gateway.app.get(FleetService);
      const refreshes = new Set<unknown>();
      await waitFor(
        () => {
          if (fleet.lastRefresh) refreshes.add(fleet.lastRefresh);
          return refreshes.size >= 6;
        },
        // About one a second. Were an operator about only from one heartbeat to the period after
        // it, they would come at each heartbeat: about four in 15 s, sign-in's own included.
        {
          timeoutMs: 15_000,
          intervalMs: 50,
          what: 'six refreshes with a stream open and no request',
        },
      );
      expect(refreshes.size).toBeGreaterThanOrEqual(6);
      s.close();
    } finally {
      await quiet.close();
    }
    // Six refreshes a second apart and a 6 s heartbeat: its own time, as the test above.
  }, 30_000);

  it('ends its streams at shutdown without an end message, so browsers reconnect elsewhere at once', async () => {
    const second = await startGateway(
      {
        OIDC_ISSUER: `${sandbox.url}/oidc`,
        CUSTOMER_SETUP_API_URL: `${sandbox.url}/customer-setup`,
        LLM_API_URL: `${sandbox.url}/llm`,
        SHUTDOWN_TIMEOUT_MS: '20000',
      },
      { port: secondPort },
    );
    const { browser: b } = await signIn(second.url, 'stopping@example.com');
    const s = await openStream(b, `${second.url}${STREAM}`);
    open.push(s);
    await s.next((m) => m.event === 'state');
    const stopping = Date.now();
    await second.close();
    await s.ended;
    // Not held until the shutdown timeout (20 s) by the open stream.
    expect(Date.now() - stopping).toBeLessThan(5_000);
    expect(s.messages.some((m) => m.event === 'end')).toBe(false);
  });
});
