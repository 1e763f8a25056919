import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SetupRow, WatchEvent, WatchState } from '@onboarding/contracts';
import { type Browser, type RedisServer, signIn, waitFor } from '@onboarding/test-support';
import http from 'node:http';
import { type ScaledOutStack, startScaledOutStack } from './support/scaled-out-stack.js';

const HEARTBEAT_SECONDS = 2;

interface Message {
  event: string;
  id: string | undefined;
  data: unknown;
  at: number;
}

/** An event stream read as it arrives, with the browser's cookies (fetch would wait for its end). */
function openStream(browser: Browser, url: string, headers: Record<string, string> = {}) {
  const target = new URL(url);
  const cookie = browser.cookies
    .filter((c) => c.host === target.hostname)
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
  return new Promise<{
    status: number;
    headers: http.IncomingHttpHeaders;
    messages: Message[];
    /** When each `: heartbeat` comment arrived. */
    beats: number[];
    opened: number;
    close(): void;
  }>((resolve, reject) => {
    const opened = Date.now();
    const req = http.get(target, { headers: { cookie, ...headers } }, (res) => {
      const messages: Message[] = [];
      const beats: number[] = [];
      let pending = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        pending += chunk;
        let cut: number;
        while ((cut = pending.indexOf('\n\n')) !== -1) {
          const block = pending.slice(0, cut).split('\n');
          pending = pending.slice(cut + 2);
          if (block.includes(': heartbeat')) beats.push(Date.now());
          const field = (name: string) =>
            block.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
          const data = field('data');
          if (data !== undefined)
            messages.push({
              event: field('event') ?? 'message',
              id: field('id'),
              data: JSON.parse(data) as unknown,
              at: Date.now(),
            });
        }
      });
      resolve({
        status: res.statusCode!,
        headers: res.headers,
        messages,
        beats,
        opened,
        close: () => req.destroy(),
      });
    });
    req.once('error', reject);
  });
}

type Stream = Awaited<ReturnType<typeof openStream>>;
const failedFor = (setupId: number) => (m: Message) =>
  m.event === 'message' &&
  (m.data as WatchEvent).type === 'failed' &&
  (m.data as WatchEvent).setupId === setupId;
const next = (s: Stream, match: (m: Message) => boolean, timeoutMs = 20_000) =>
  waitFor(() => s.messages.find(match), { timeoutMs, what: 'a watch message' });

/**
 * The failure watch's stream through the web image's nginx (docker/web/default.conf.template) in
 * front of two processes of the gateway image's command sharing Redis (compose's gateway-1 and
 * gateway-2), against the sandbox image's command with its admin API.
 */
describe('the failure watch stream behind nginx, from two gateway replicas sharing Redis', () => {
  let stack: ScaledOutStack | undefined;
  let redis: RedisServer;
  let gateways: ScaledOutStack['gateways'];
  let ports: ScaledOutStack['ports'];
  let publicUrl: string;
  let startGateway: ScaledOutStack['startGateway'];
  let browser: Browser;
  let targets: SetupRow[];
  const streams: Stream[] = [];

  const stream = async (headers: Record<string, string> = {}, base = publicUrl) => {
    const s = await openStream(browser, `${base}/api/watch/stream`, headers);
    streams.push(s);
    return s;
  };
  const fail = async (row: SetupRow, message: string) => {
    const res = await fetch(`http://127.0.0.1:${ports.admin!}/workflow/fail`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        setupId: row.setupId,
        retailerId: row.retailerId,
        stepName: 'sti',
        message,
      }),
    });
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    // The stream needs no web app; no random failures in the sandbox: the only ones are the test's.
    stack = await startScaledOutStack({
      webApp: false,
      gatewayEnv: {
        FLEET_REFRESH_SECONDS: '1',
        WATCH_HEARTBEAT_SECONDS: String(HEARTBEAT_SECONDS),
      },
      sandboxAdmin: true,
      sandboxEnv: { SANDBOX_FAILURE_RATE: '0' },
    });
    ({ redis, gateways, ports, publicUrl, startGateway } = stack);
    ({ browser } = await signIn(publicUrl, 'watch@example.com'));
    const page = await browser.post(`${publicUrl}/api/proxy/customer-setup/rem_omni/allSetup`, {
      searchText: '',
      limit: 100,
      offset: 0,
    });
    const rows = page.json as SetupRow[];
    targets = rows.filter((r) =>
      rows.every((o) => o.setupId !== r.setupId || o.status === 'COMPLETED'),
    );
    expect(targets.length).toBeGreaterThanOrEqual(2);
    // The first snapshot is the baseline (announces nothing): wait until it is read and diffed.
    await waitFor(
      async () =>
        (
          (await browser.get(`${publicUrl}/api/fleet/snapshot?flow=rem_omni`)).json as {
            state: string;
          }
        ).state === 'ready',
      { timeoutMs: 60_000, what: 'the first fleet snapshot' },
    );
    await waitFor(
      async () => (await redis.command('EXISTS', 'onboarding:watch:baseline')).startsWith(':1'),
      {
        timeoutMs: 10_000,
        what: 'the watch baseline in Redis',
      },
    );
  }, 240_000);

  afterAll(async () => {
    for (const s of streams) s.close();
    await stack?.stop();
  });

  it('passes the stream on as it comes: its first message at once, each heartbeat on time, nothing compressed', async () => {
    const s = await stream({ 'accept-encoding': 'gzip, br' });
    expect(s.status).toBe(200);
    expect(s.headers['content-type']).toBe('text/event-stream');
    expect(s.headers['content-encoding']).toBeUndefined();
    const state = await next(s, (m) => m.event === 'state', 5_000);
    expect(state.at - s.opened).toBeLessThan(1_000);
    // A buffering proxy would hold these small messages back until its buffer filled or the
    // stream ended: each comes within a second of when it was sent.
    await waitFor(() => s.beats.length >= 3, { timeoutMs: HEARTBEAT_SECONDS * 1000 * 4 });
    s.beats.forEach((at, i) =>
      expect(at - s.opened).toBeLessThan((i + 1) * HEARTBEAT_SECONDS * 1000 + 1_000),
    );
    s.close();
  });

  it('announces a setup failed in the sandbox once, with one sequence, through either replica', async () => {
    const viaNginx = await stream();
    const direct = await Promise.all(
      (['gateway-1', 'gateway-2'] as const).map((name) =>
        stream({}, `http://127.0.0.1:${ports[name]}`),
      ),
    );
    for (const s of [viaNginx, ...direct]) await next(s, (m) => m.event === 'state', 5_000);
    const failedAt = Date.now();
    await fail(targets[0]!, 'made to fail behind nginx');
    const [seen, ...others] = await Promise.all(
      [viaNginx, ...direct].map((s) => next(s, failedFor(targets[0]!.setupId))),
    );
    expect(seen!.at - failedAt).toBeLessThan(6_000);
    expect(seen!.data).toMatchObject({ stepName: 'sti', reason: 'made to fail behind nginx' });
    for (const other of others) expect(other.id).toBe(seen!.id);
    // Diffed by one process: a second diff would have announced it again, with another id.
    for (const s of [viaNginx, ...direct]) {
      expect(s.messages.filter(failedFor(targets[0]!.setupId))).toHaveLength(1);
      s.close();
    }
  });

  it('loses nothing across a restart of both replicas: the reconnected stream replays what it missed', async () => {
    const s = await stream();
    await next(s, (m) => m.event === 'state', 5_000);
    const lastEventId = (s.messages[0]!.data as WatchState).latest;
    s.close();
    await Promise.all(Object.values(gateways).map((g) => g!.dispose()));
    // While no gateway runs.
    await fail(targets[1]!, 'failed while the gateways were down');
    [gateways['gateway-1'], gateways['gateway-2']] = await Promise.all([
      startGateway('gateway-1'),
      startGateway('gateway-2'),
    ]);
    const again = await waitFor(
      async () => {
        const r = await stream({ 'last-event-id': String(lastEventId) });
        if (r.status === 200) return r;
        r.close();
        return undefined;
      },
      { timeoutMs: 20_000, what: 'the stream through nginx after the restart' },
    );
    // A replica killed mid-refresh holds the fleet lock until it expires (30 s).
    const missed = await next(again, failedFor(targets[1]!.setupId), 60_000);
    expect(Number(missed.id)).toBeGreaterThan(lastEventId);
    expect(missed.data).toMatchObject({ reason: 'failed while the gateways were down' });
    const ids = again.messages.filter((m) => m.event === 'message').map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    again.close();
  });
});
