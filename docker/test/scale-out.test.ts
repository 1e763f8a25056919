import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiErrorSchema } from '@onboarding/contracts';
import {
  Browser,
  type RedisServer,
  signIn,
  sleep,
  tempDir,
  waitFor,
} from '@onboarding/test-support';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
  type Balancer,
  requestFrom,
  startBalancer,
  startStandInGateway,
  type StandInGateway,
} from './support/balancer.js';
import { composeConfig, type ComposeConfig, serviceEnv } from './support/compose.js';
import { Dockerfile } from './support/dockerfile.js';
import {
  type ImageProcess,
  IMAGE_WORKDIR,
  loggedRequestIds,
  webTemplateVars,
} from './support/images.js';
import { type RunningNginx, startNginx } from './support/nginx.js';
import { ensureDebianBinary } from './support/processes.js';
import {
  emptyWebRoot,
  type GatewayName,
  REDIS_PASSWORD,
  SESSION_SECRET as SECRET,
  type ScaledOutStack,
  startScaledOutStack,
} from './support/scaled-out-stack.js';
/** Low, so the test can reach it: per client address. */
const SIGN_IN_LIMIT = 12;
const LIST_SETUPS = '/api/proxy/customer-setup/rem_omni/allSetup';

interface Sent {
  status: number;
  requestId: string;
  email: string | undefined;
  at: number;
}

/** What a raw client without the password gets from Redis for `PING`. */
function unauthenticatedPing(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
    socket.once('data', (d) => {
      resolve(d.toString().trim());
      socket.destroy();
    });
    socket.once('error', reject);
  });
}

/**
 * The compose deployment, run here without Docker (support/scaled-out-stack.ts): nginx, two
 * gateway replicas, Redis with compose's password and the sandbox, with the built web app.
 */
describe('two gateway replicas behind nginx, sharing sessions and rate limits in Redis', () => {
  let stack: ScaledOutStack | undefined;
  let dockerfile: Dockerfile;
  let compose: ComposeConfig;
  let redis: RedisServer;
  let sandbox: ImageProcess;
  let gateways: ScaledOutStack['gateways'];
  const retired: ImageProcess[] = [];
  let nginx: RunningNginx;
  let webRoot: string;
  let hosts: Record<string, string>;
  let ports: ScaledOutStack['ports'];
  let publicUrl: string;
  let startGateway: ScaledOutStack['startGateway'];
  /** Signed in once before the rate limit is used up, for the restart and crash runs. */
  let operator: Browser;

  const gw = (name: GatewayName) => gateways[name]!;

  /** Which running (or retired) process logged each request id; waits until all are logged. */
  async function servedBy(ids: readonly string[]): Promise<Map<string, ImageProcess>> {
    const all = [...Object.values(gateways), ...retired].filter((g): g is ImageProcess => !!g);
    let found = new Map<string, ImageProcess>();
    await waitFor(
      () => {
        found = new Map();
        for (const g of all) for (const id of loggedRequestIds(g.proc).keys()) found.set(id, g);
        return ids.every((id) => found.has(id));
      },
      { timeoutMs: 5_000, what: `log lines of ${ids.length} requests` },
    );
    return found;
  }

  async function config(browser: Browser): Promise<Sent> {
    const res = await browser.get(`${publicUrl}/api/config`);
    return {
      status: res.status,
      requestId: res.headers.get('x-request-id') ?? '',
      email: (res.json as { user?: { email?: string } } | undefined)?.user?.email,
      at: Date.now(),
    };
  }

  /**
   * Reads by several callers at once, as open browser tabs poll, until `stop()`; `sent` fills as
   * the answers come, `stop()` resolves with all of them.
   */
  function load(browser: Browser, workers = 3) {
    const sent: Sent[] = [];
    let done = false;
    const running = Promise.all(
      Array.from({ length: workers }, async () => {
        while (!done) {
          sent.push(await config(browser));
          await sleep(25);
        }
      }),
    );
    const stop = async () => {
      done = true;
      await running;
      return sent;
    };
    /** Waits until `n` answers came after `since` (ms epoch). */
    const answered = (n: number, since = 0) =>
      waitFor(() => sent.filter((s) => s.at > since).length >= n, {
        timeoutMs: 20_000,
        what: `${n} answers under load`,
      });
    return { sent, stop, answered };
  }

  beforeAll(async () => {
    stack = await startScaledOutStack({
      webApp: true,
      gatewayEnv: { RATE_LIMIT_SIGN_IN_PER_MIN: String(SIGN_IN_LIMIT) },
    });
    ({
      dockerfile,
      compose,
      redis,
      sandbox,
      gateways,
      nginx,
      webRoot,
      hosts,
      ports,
      publicUrl,
      startGateway,
    } = stack);
  }, 240_000);

  afterAll(async () => {
    await stack?.stop(retired);
  });

  it('runs the images here with the compose environment: Redis sessions with a password, one secret, local addresses only', async () => {
    // This Redis refuses anyone without the password; the gateways have it in REDIS_URL.
    expect(await unauthenticatedPing(redis.port)).toMatch(/^-NOAUTH/);
    expect(redis.url).toBe(`redis://:${REDIS_PASSWORD}@127.0.0.1:${redis.port}`);
    for (const name of ['gateway-1', 'gateway-2'] as const) {
      expect(gw(name).env).toMatchObject({
        SESSION_STORE: 'redis',
        REDIS_URL: redis.url,
        SESSION_SECRET: SECRET,
        PUBLIC_URL: publicUrl,
        OIDC_ISSUER: `http://127.0.0.1:${ports.sandbox}/oidc`,
        // The shipped compose file is the sandbox demo, which production would refuse.
        NODE_ENV: 'development',
      });
      // Ready: the session store (Redis) and both upstreams (the sandbox) answer.
      const ready = await fetch(`${gw(name).url}/api/ready`);
      expect(await ready.json()).toMatchObject({
        status: 'ok',
        details: {
          sessionStore: { status: 'up' },
          'customer-setup': { status: 'up' },
          llm: { status: 'up' },
        },
      });
    }
    const everything = [gw('gateway-1'), gw('gateway-2'), sandbox].flatMap((p) =>
      Object.values(p.env),
    );
    for (const host of Object.keys(hosts)) {
      expect(everything.filter((v) => v.includes(host))).toEqual([]);
    }
    expect(nginx.conf).toContain(
      `server 127.0.0.1:${ports['gateway-1']}; server 127.0.0.1:${ports['gateway-2']};`,
    );
    // The sandbox image's HEALTHCHECK command, as Docker would run it in that container.
    const hc = dockerfile.healthcheck('sandbox')!.command as string[];
    const status = spawnSync(hc[0]!, hc.slice(1), {
      cwd: IMAGE_WORKDIR,
      env: { PATH: process.env.PATH, ...sandbox.env },
      timeout: 10_000,
    }).status;
    expect(status).toBe(0);

    // The Redis service's HEALTHCHECK, as Docker runs it in that container: redis-cli's default
    // address is that container's Redis, here a redis-cli on PATH aimed at this one.
    const shim = tempDir('docker-test-redis-cli-');
    try {
      const cli = ensureDebianBinary('redis-cli', 'redis-tools');
      fs.writeFileSync(
        path.join(shim, 'redis-cli'),
        `#!/bin/sh\nexec ${cli} -p ${redis.port} "$@"\n`,
        { mode: 0o755 },
      );
      const [kind, line] = compose.services.redis!.healthcheck!.test as string[];
      expect(kind).toBe('CMD-SHELL');
      const check = (env: Record<string, string>) =>
        spawnSync('sh', ['-c', line!], {
          env: { PATH: `${shim}:${process.env.PATH}`, ...serviceEnv(compose, 'redis'), ...env },
          timeout: 10_000,
        }).status;
      expect(check({})).toBe(0);
      // NOAUTH (no password, a wrong one) is unhealthy, not a PONG.
      expect(check({ REDISCLI_AUTH: '' })).not.toBe(0);
      expect(check({ REDISCLI_AUTH: 'not-the-password' })).not.toBe(0);
    } finally {
      fs.rmSync(shim, { recursive: true, force: true });
    }
  });

  it('signs an operator in through nginx and serves them from both replicas, round robin', async () => {
    const { browser, start, callback } = await signIn(publicUrl, 'ops@example.com');
    expect(new URL(start.json as string).searchParams.get('redirect_uri')).toBe(
      `${publicUrl}/api/sso/callback`,
    );
    expect(callback.status).toBe(303);
    expect(callback.headers.get('location')).toBe('/');
    expect(browser.cookie('onboarding.sid')).toBeDefined();
    // The sign-in started on one replica and finished on the other: its transaction (state,
    // nonce, PKCE verifier) was kept in Redis.
    const steps = [start, callback].map((r) => r.headers.get('x-request-id')!);
    const stepsBy = await servedBy(steps);
    expect(stepsBy.get(steps[0]!)).not.toBe(stepsBy.get(steps[1]!));

    const sent: Sent[] = [];
    for (let i = 0; i < 10; i++) sent.push(await config(browser));
    for (let i = 0; i < 4; i++) {
      const res = await browser.post(`${publicUrl}${LIST_SETUPS}`, {
        searchText: '',
        limit: 20,
        offset: 0,
      });
      expect(res.status).toBe(200);
      sent.push({
        status: res.status,
        requestId: res.headers.get('x-request-id')!,
        email: undefined,
        at: Date.now(),
      });
    }
    expect(sent.slice(0, 10).map((s) => [s.status, s.email])).toEqual(
      Array(10).fill([200, 'ops@example.com']),
    );
    const by = await servedBy(sent.map((s) => s.requestId));
    const counts = { a: 0, b: 0 };
    for (const s of sent) {
      if (by.get(s.requestId) === gw('gateway-1')) counts.a += 1;
      else if (by.get(s.requestId) === gw('gateway-2')) counts.b += 1;
    }
    // Round robin: each replica takes every other request.
    expect(counts).toEqual({ a: 7, b: 7 });
    operator = browser;
  });

  it('logs out through one replica and the session is gone on both', async () => {
    const { browser } = await signIn(publicUrl, 'leaving@example.com');
    const sid = browser.cookie('onboarding.sid')!.value;
    expect((await config(browser)).status).toBe(200);
    const out = await browser.post(`${publicUrl}/api/sso/logout`, {});
    expect(out.status).toBe(200);
    // Even with the old cookie put back, no replica knows the session any more.
    browser.setCookie('127.0.0.1', 'onboarding.sid', sid);
    const after: Sent[] = [];
    for (let i = 0; i < 4; i++) after.push(await config(browser));
    expect(after.map((s) => s.status)).toEqual([401, 401, 401, 401]);
    const by = await servedBy(after.map((s) => s.requestId));
    expect(new Set(after.map((s) => by.get(s.requestId)))).toEqual(
      new Set([gw('gateway-1'), gw('gateway-2')]),
    );
  });

  it('takes redirect targets from PUBLIC_URL, whatever X-Forwarded-* and Forwarded headers claim', async () => {
    const browser = new Browser(publicUrl);
    const forged = {
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      'x-forwarded-port': '443',
      forwarded: 'for=1.2.3.4;host=evil.example;proto=https',
    };
    const start = await browser.post(
      `${publicUrl}/api/sso/getAuthUrl`,
      { currentUrl: `${publicUrl}/setups?page=2`, email: 'tabs@example.com' },
      forged,
    );
    expect(start.status).toBe(200);
    const auth = new URL(start.json as string);
    expect(auth.searchParams.get('redirect_uri')).toBe(`${publicUrl}/api/sso/callback`);
    // Finish that sign-in; the callback, forged headers and all, returns to the page it began on.
    const page = (await browser.navigate(auth.href)).at(-1)!;
    const hops = await browser.submitForm(page);
    const callback = hops.find((h) => h.url.startsWith(`${publicUrl}/api/sso/callback`))!;
    const replay = await browser.request('GET', callback.url, { headers: forged });
    expect(replay.status).toBe(303); // used once: the replay is refused …
    expect(replay.headers.get('location')).toMatch(/^\/login\?error=/); // … on our own origin
    expect(callback.headers.get('location')).toBe('/setups?page=2');
    expect((await config(browser)).email).toBe('tabs@example.com');
    operator = browser;
  });

  it('shares the sign-in rate limit between the replicas through Redis', async () => {
    const attempt = async () => {
      const res = await new Browser(publicUrl).post(`${publicUrl}/api/sso/getAuthUrl`, {
        currentUrl: `${publicUrl}/`,
        email: 'burst@example.com',
      });
      const policy = res.headers.get('ratelimit') ?? '';
      return {
        status: res.status,
        requestId: res.headers.get('x-request-id')!,
        remaining: Number(/remaining=(\d+)/.exec(policy)?.[1] ?? NaN),
        reset: Number(/reset=(\d+)/.exec(policy)?.[1] ?? NaN),
        retryAfter: res.headers.get('retry-after'),
        body: res.json,
      };
    };
    // Start well inside a one-minute window, so that it cannot roll over during the burst.
    let first = await attempt();
    if (first.reset < 8)
      first = await waitFor(
        async () => {
          const next = await attempt();
          return next.reset >= 8 && next;
        },
        { timeoutMs: 15_000, intervalMs: 1000, what: 'a new rate-limit window' },
      );
    const burst = [first];
    while (burst.filter((r) => r.status === 429).length < 4 && burst.length < 2 * SIGN_IN_LIMIT + 4)
      burst.push(await attempt());

    const allowed = burst.filter((r) => r.status === 200);
    const refused = burst.filter((r) => r.status === 429);
    expect(burst.map((r) => r.status)).toEqual([
      ...Array(allowed.length).fill(200),
      ...Array(refused.length).fill(429),
    ]);
    // One counter for both replicas: each answer has one attempt fewer left, down to none.
    expect(allowed.map((r) => r.remaining)).toEqual(allowed.map((_r, i) => allowed.length - 1 - i));
    expect(allowed.length).toBeLessThan(SIGN_IN_LIMIT);
    const by = await servedBy(burst.map((r) => r.requestId));
    const replicas = (rs: typeof burst) => new Set(rs.map((r) => by.get(r.requestId)));
    expect(replicas(allowed)).toEqual(new Set([gw('gateway-1'), gw('gateway-2')]));
    expect(replicas(refused)).toEqual(new Set([gw('gateway-1'), gw('gateway-2')]));
    for (const r of refused) {
      expect(Number(r.retryAfter)).toBeGreaterThan(0);
      expect(ApiErrorSchema.parse(r.body).error.code).toBe('RATE_LIMITED');
    }
  });

  it('gives each client behind a load balancer its own sign-in rate limit: one is locked out, the other still gets its sign-in address', async () => {
    // balancer (127.0.0.4, appends the peer to X-Forwarded-For) → nginx trusting it
    // (NGINX_REAL_IP_FROM) → the same two gateways; clients connect from 127.0.0.2 and 127.0.0.3.
    const BALANCER = '127.0.0.4';
    const behind = await startNginx(
      webTemplateVars(dockerfile, compose, hosts, {
        NGINX_WEB_ROOT: webRoot,
        NGINX_REAL_IP_FROM: `set_real_ip_from ${BALANCER};`,
      }),
    );
    let balancer: Balancer | undefined;
    try {
      balancer = await startBalancer(behind.url, BALANCER);
      const url = `${balancer.url}/api/sso/getAuthUrl`;
      const attempt = async (client: string, forged?: string) => {
        const res = await requestFrom(client, url, {
          // The web app's page is on PUBLIC_URL: its Origin, as the gateway checks it.
          headers: {
            origin: publicUrl,
            'x-requested-with': 'XMLHttpRequest',
            'sec-fetch-site': 'same-origin',
            ...(forged ? { 'x-forwarded-for': forged } : {}),
          },
          body: { currentUrl: `${publicUrl}/`, email: `${client}@example.com` },
        });
        const policy = String(res.headers.ratelimit ?? '');
        return {
          status: res.status,
          requestId: String(res.headers['x-request-id']),
          remaining: Number(/remaining=(\d+)/.exec(policy)?.[1] ?? NaN),
          reset: Number(/reset=(\d+)/.exec(policy)?.[1] ?? NaN),
          json: res.json,
        };
      };
      // Client A, each attempt claiming another address in its own X-Forwarded-For: nginx reads
      // the chain from the right and stops at A, the first address it does not trust.
      let first = await attempt('127.0.0.2', '203.0.113.1');
      if (first.reset < 8)
        first = await waitFor(
          async () => {
            const next = await attempt('127.0.0.2', '203.0.113.1');
            return next.reset >= 8 && next;
          },
          { timeoutMs: 15_000, intervalMs: 1000, what: 'a new rate-limit window' },
        );
      const a = [first];
      while (a.at(-1)!.status !== 429 && a.length <= SIGN_IN_LIMIT + 1)
        a.push(await attempt('127.0.0.2', `203.0.113.${a.length + 1}`));
      expect(a.at(-1)!.status).toBe(429);
      expect(a.slice(0, -1).every((r) => r.status === 200)).toBe(true);

      // Client B, same balancer, same minute: a bucket of its own, untouched.
      const b = await attempt('127.0.0.3');
      expect(b.status).toBe(200);
      expect(new URL(b.json as string).searchParams.get('redirect_uri')).toBe(
        `${publicUrl}/api/sso/callback`,
      );
      expect(b.remaining).toBe(SIGN_IN_LIMIT - 1);
      expect((await attempt('127.0.0.2')).status).toBe(429);

      // Both logs name the client, not the balancer; nginx's names the balancer as the peer.
      const by = await servedBy([a[0]!.requestId, b.requestId]);
      const gatewayLine = (id: string) =>
        by
          .get(id)!
          .proc.jsonLines()
          .find((l) => l.requestId === id && l.res !== undefined);
      expect(gatewayLine(a[0]!.requestId)?.req).toMatchObject({ remoteAddress: '127.0.0.2' });
      expect(gatewayLine(b.requestId)?.req).toMatchObject({ remoteAddress: '127.0.0.3' });
      const access = await waitFor(
        () => {
          const lines = behind.accessLog().filter((l) => l.path === '/api/sso/getAuthUrl');
          return lines.some((l) => l.requestId === b.requestId) && lines;
        },
        { what: 'the nginx access lines' },
      );
      expect(access.find((l) => l.requestId === a[0]!.requestId)).toMatchObject({
        clientAddress: '127.0.0.2',
        peerAddress: BALANCER,
      });
      expect(access.find((l) => l.requestId === b.requestId)).toMatchObject({
        clientAddress: '127.0.0.3',
        peerAddress: BALANCER,
      });
    } finally {
      await balancer?.close();
      await behind.stop();
    }
  });

  it('loses no request and no session when a replica is stopped mid-run (SIGTERM), and takes traffic again once restarted', async () => {
    const traffic = load(operator);
    await traffic.answered(10);
    const stopping = gw('gateway-1');
    stopping.proc.signal('SIGTERM');
    const stoppedAt = Date.now();
    expect(await stopping.proc.exited).toEqual({ code: 0, signal: null });
    await traffic.answered(10, stoppedAt);
    const sent = await traffic.stop();

    expect(sent.length).toBeGreaterThan(20);
    expect(sent.filter((s) => s.status !== 200 || s.email !== 'tabs@example.com')).toEqual([]);
    const by = await servedBy(sent.map((s) => s.requestId));
    expect(sent.some((s) => s.at < stoppedAt && by.get(s.requestId) === stopping)).toBe(true);
    expect(sent.some((s) => s.at > stoppedAt && by.get(s.requestId) === gw('gateway-2'))).toBe(
      true,
    );

    // The replacement (same address, as a restarted container) gets its share again: once nginx
    // tries the address again (fail_timeout 10 s, re-armed by a try while it was still starting).
    retired.push(stopping);
    gateways['gateway-1'] = await startGateway('gateway-1');
    const replacement = gw('gateway-1');
    await waitFor(
      async () => {
        const s = await config(operator);
        expect(s.status).toBe(200);
        return loggedRequestIds(replacement.proc).get(s.requestId) === 200;
      },
      { timeoutMs: 35_000, intervalMs: 250, what: 'a request served by the restarted replica' },
    );
  });

  it('loses no read and no session when a replica crashes mid-run (SIGKILL): nginx retries on the other', async () => {
    const traffic = load(operator);
    await traffic.answered(10);
    const crashing = gw('gateway-2');
    crashing.proc.signal('SIGKILL');
    const crashedAt = Date.now();
    await crashing.proc.exited;
    await traffic.answered(10, crashedAt + 100);
    const sent = await traffic.stop();

    expect(sent.filter((s) => s.status !== 200 || s.email !== 'tabs@example.com')).toEqual([]);
    retired.push(crashing);
    gateways['gateway-2'] = undefined;
    const late = sent.filter((s) => s.at > crashedAt + 100);
    expect(late.length).toBeGreaterThan(5);
    const by = await servedBy(late.map((s) => s.requestId));
    expect(new Set(late.map((s) => by.get(s.requestId)))).toEqual(new Set([gw('gateway-1')]));
    // Writes go on too, on the surviving replica, with the same session.
    const list = await operator.post(`${publicUrl}${LIST_SETUPS}`, {
      searchText: '',
      limit: 20,
      offset: 0,
    });
    expect(list.status).toBe(200);
  });
});

/**
 * What nginx does after a replica fails mid-request: the web image's template with the compose
 * file's two replicas, here stand-ins that read each request to the end and, while dropping, close
 * the connection unanswered. A dropped write may have been carried out; the second replica must
 * never see it. Each request goes through a fresh nginx: its first request goes to the first
 * replica, and it has left no replica out yet.
 */
describe('nginx in front of two replicas, the first dropping what it receives', () => {
  const PROMPT = '/api/proxy/llm/prompts/7';
  const dockerfile = Dockerfile.read();
  let compose: ComposeConfig;
  let first: StandInGateway;
  let second: StandInGateway;
  let webRoot: string;

  beforeAll(async () => {
    const result = composeConfig({ SESSION_SECRET: SECRET, REDIS_PASSWORD });
    if (!result.config) throw new Error(`${result.command}: ${result.stderr}`);
    compose = result.config;
    first = await startStandInGateway('gateway-1');
    second = await startStandInGateway('gateway-2');
    first.dropping = true;
    // Only /api is asked for: an empty route-page table (the template includes it) is enough.
    webRoot = emptyWebRoot();
  }, 60_000);

  afterAll(async () => {
    await first?.close();
    await second?.close();
    if (webRoot) fs.rmSync(webRoot, { recursive: true, force: true });
  });

  /** One request through a fresh nginx: its answer, its access line and what each replica read. */
  async function through(
    method: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ) {
    const nginx = await startNginx(
      webTemplateVars(
        dockerfile,
        compose,
        { 'gateway-1:8080': first.address, 'gateway-2:8080': second.address },
        { NGINX_WEB_ROOT: webRoot },
      ),
    );
    try {
      expect(nginx.conf).toContain(`server ${first.address}; server ${second.address};`);
      const res = await requestFrom('127.0.0.1', `${nginx.url}${PROMPT}`, {
        method,
        ...options,
      });
      const id = String(res.headers['x-request-id']);
      const access = await waitFor(() => nginx.accessLog().find((l) => l.requestId === id), {
        what: `the access line of ${method}`,
      });
      const read = (g: StandInGateway) => g.received.filter((r) => r.requestId === id);
      return { res, id, access, atFirst: read(first), atSecond: read(second) };
    } finally {
      await nginx.stop();
    }
  }

  it.each(['PUT', 'DELETE', 'POST', 'PATCH'])(
    '%s: never sent to the second replica; the caller gets 503 UPSTREAM_UNAVAILABLE',
    async (method) => {
      const body = method === 'DELETE' ? undefined : { promptText: 'version 2' };
      const { res, id, access, atFirst, atSecond } = await through(method, { body });
      expect(atFirst).toEqual([
        expect.objectContaining({ method, path: PROMPT, body: body ? JSON.stringify(body) : '' }),
      ]);
      expect(atSecond).toEqual([]);
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(ApiErrorSchema.parse(res.json).error).toMatchObject({
        code: 'UPSTREAM_UNAVAILABLE',
        requestId: id,
      });
      expect(access).toMatchObject({ status: 503, upstream: first.address });
    },
  );

  it.each(['GET', 'HEAD'])('%s: tried again on the second replica', async (method) => {
    const { res, access, atFirst, atSecond } = await through(method);
    expect(atFirst.map((r) => r.method)).toEqual([method]);
    expect(atSecond.map((r) => r.method)).toEqual([method]);
    expect(res.status).toBe(200);
    expect(access).toMatchObject({
      status: 200,
      upstream: `${first.address}, ${second.address}`,
    });
  });

  it("GET: the caller gets the second replica's answer", async () => {
    const { res } = await through('GET');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ servedBy: 'gateway-2' });
  });

  it("passes a write on as it passes a read: its body, the same headers, nginx's request id", async () => {
    first.dropping = false;
    try {
      const claimed = {
        'x-request-id': 'caller-trace-0001',
        'x-forwarded-for': '203.0.113.9',
        'x-forwarded-host': 'evil.example',
        forwarded: 'for=203.0.113.9;host=evil.example',
      };
      const read = await through('GET', { headers: claimed });
      const write = await through('PUT', { headers: claimed, body: { promptText: 'version 3' } });
      for (const { res, id, atFirst, atSecond } of [read, write]) {
        expect(res.status).toBe(200);
        expect(id).toMatch(/^[0-9a-f]{32}$/);
        expect(atFirst).toHaveLength(1);
        expect(atSecond).toEqual([]);
      }
      expect(write.atFirst[0]!.body).toBe(JSON.stringify({ promptText: 'version 3' }));
      const proxied = ({ atFirst }: typeof read) => {
        const headers: Record<string, unknown> = { ...atFirst[0]!.headers };
        for (const name of ['content-length', 'content-type', 'x-request-id']) delete headers[name];
        return headers;
      };
      expect(proxied(read)).toEqual({
        host: '127.0.0.1',
        'x-client-request-id': 'caller-trace-0001',
        'x-real-ip': '127.0.0.1',
        'x-forwarded-for': '127.0.0.1',
      });
      expect(proxied(write)).toEqual(proxied(read));
    } finally {
      first.dropping = true;
    }
  });
});
