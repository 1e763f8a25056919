import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Browser, freePort, RedisServer, signIn, waitFor } from '@onboarding/test-support';
import { createClient } from 'redis';
import { spawnGateway, type SpawnedGateway } from './support/gateway.js';
import { startSandbox, type RunningSandbox } from './support/sandbox.js';
import { redisGatewayEnv, startRedisReplicas, type RedisReplicas } from './support/stack.js';

/**
 * The longest wait on Redis (SESSION_STORE_TIMEOUT_MS, its default written out): an answer while
 * Redis is down or hangs is held to three times it, room for a busy machine, and still well
 * short of the 5 s a paused Redis would hold a call that waited on it.
 */
const STORE_TIMEOUT_MS = 800;
const WITHIN_DEADLINE_MS = 3 * STORE_TIMEOUT_MS;

/** Two gateway processes behind one public origin, sharing a real redis-server. */
describe('sessions in Redis, shared by two gateway processes', () => {
  let replicas: RedisReplicas;
  let redis: RedisServer;
  let a: SpawnedGateway;
  let b: SpawnedGateway;

  beforeAll(async () => {
    replicas = await startRedisReplicas(() => ({
      RATE_LIMIT_API_PER_MIN: '10',
      SESSION_STORE_TIMEOUT_MS: `${STORE_TIMEOUT_MS}`,
    }));
    ({ redis, a, b } = replicas);
  }, 60_000);

  afterAll(async () => {
    await replicas?.close();
  });

  it('signs in on one process and uses the session on the other', async () => {
    const { browser } = await signIn(a.url, 'shared@example.com');
    const onB = await browser.get(`${b.url}/api/config`);
    expect(onB.status).toBe(200);
    expect(onB.json).toMatchObject({ user: { email: 'shared@example.com' } });
    // The browser's page is on the public origin, so its Origin header is that one.
    // (Both processes stand for replicas behind one load balancer: same origin to the browser.)
    const list = await browser.post(
      `${b.url}/api/proxy/customer-setup/rem_omni/allSetup`,
      { searchText: '', limit: 20, offset: 0 },
      { 'sec-fetch-site': 'same-origin' },
    );
    expect(list.status).toBe(200);
    // Logout on B ends it on A too.
    expect(
      (await browser.post(`${b.url}/api/sso/logout`, {}, { 'sec-fetch-site': 'same-origin' }))
        .status,
    ).toBe(200);
    const { browser: again } = await signIn(a.url, 'shared@example.com');
    const sid = again.cookie('onboarding.sid')!.value;
    expect(
      (await again.post(`${b.url}/api/sso/logout`, {}, { 'sec-fetch-site': 'same-origin' })).status,
    ).toBe(200);
    again.setCookie('127.0.0.1', 'onboarding.sid', sid);
    expect((await again.get(`${a.url}/api/config`)).status).toBe(401);
  });

  it('shares the per-operator rate limit between the processes', async () => {
    const { browser } = await signIn(a.url, 'limited@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await browser.get(`${(i % 2 ? b : a).url}/api/config`)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('answers 503 fast while Redis is down, reports not ready, and recovers by itself', async () => {
    const { browser } = await signIn(a.url, 'outage@example.com');
    expect((await fetch(`${b.url}/api/ready`)).status).toBe(200);

    await redis.kill();
    const started = Date.now();
    const down = await browser.get(`${b.url}/api/config`);
    expect(down.status).toBe(503);
    expect((down.json as { error: { code: string } }).error.code).toBe('SESSION_STORE_UNAVAILABLE');
    expect(Date.now() - started).toBeLessThan(WITHIN_DEADLINE_MS);
    await waitFor(async () => (await fetch(`${a.url}/api/ready`)).status === 503, {
      what: 'not ready',
    });
    const ready = (await (await fetch(`${a.url}/api/ready`)).json()) as {
      error: Record<string, { status: string }>;
    };
    expect(ready.error.sessionStore!.status).toBe('down');

    await redis.start();
    // Each process reconnects by itself; the session written before the outage is still there.
    for (const g of [a, b]) {
      await waitFor(async () => (await browser.get(`${g.url}/api/config`)).status === 200, {
        timeoutMs: 15_000,
        what: 'recovery',
      });
    }
    expect((await browser.get(`${a.url}/api/config`)).json).toMatchObject({
      user: { email: 'outage@example.com' },
    });
    await waitFor(async () => (await fetch(`${a.url}/api/ready`)).status === 200, {
      what: 'ready again',
    });
  });

  it('answers 503 within its store deadline when Redis hangs, never waiting on it', async () => {
    const { browser } = await signIn(a.url, 'hang@example.com');
    redis.pause();
    try {
      const started = Date.now();
      const res = await browser.get(`${a.url}/api/config`);
      expect(res.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(WITHIN_DEADLINE_MS);
    } finally {
      redis.resume();
    }
    await waitFor(async () => (await browser.get(`${a.url}/api/config`)).status === 200, {
      timeoutMs: 15_000,
      what: 'recovery',
    });
  });

  it('answers sign-in and API calls within the store deadline while Redis is paused (CLIENT PAUSE)', async () => {
    const { browser } = await signIn(a.url, 'paused@example.com');
    const admin = createClient({ url: redis.url });
    await admin.connect();
    try {
      await admin.sendCommand(['CLIENT', 'PAUSE', '5000', 'ALL']);
      const timed = async (call: () => Promise<{ status: number }>) => {
        const started = Date.now();
        const { status } = await call();
        return { status, ms: Date.now() - started };
      };
      const signInCall = await timed(() =>
        new Browser(a.url).post(`${a.url}/api/sso/getAuthUrl`, {
          currentUrl: '/',
          email: 'paused@example.com',
        }),
      );
      const apiCall = await timed(() =>
        browser.post(`${a.url}/api/proxy/customer-setup/rem_omni/allSetup`, {
          searchText: '',
          limit: 20,
          offset: 0,
        }),
      );
      expect(signInCall.status).toBe(503);
      expect(apiCall.status).toBe(503);
      expect(signInCall.ms).toBeLessThan(WITHIN_DEADLINE_MS);
      expect(apiCall.ms).toBeLessThan(WITHIN_DEADLINE_MS);
    } finally {
      await admin.sendCommand(['CLIENT', 'UNPAUSE']).catch(() => undefined);
      await admin.close();
    }
    await waitFor(async () => (await browser.get(`${a.url}/api/config`)).status === 200, {
      timeoutMs: 15_000,
      what: 'recovery',
    });
  });
});

describe('a gateway started before its Redis answers', () => {
  let redis: RedisServer;
  let sandbox: RunningSandbox;
  let gateway: SpawnedGateway;

  beforeAll(async () => {
    redis = new RedisServer();
    redis.port = await freePort();
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    sandbox = await startSandbox([publicUrl]);
    gateway = await spawnGateway(
      { ...redisGatewayEnv(publicUrl, redis, sandbox), RATE_LIMIT_API_PER_MIN: '3' },
      port,
    );
  }, 60_000);

  afterAll(async () => {
    gateway?.kill('SIGKILL');
    await gateway?.exited;
    await sandbox?.close();
    await redis?.stop();
  });

  it('warns only of the Redis connection, then migrates its store and counts requests once Redis is up', async () => {
    await redis.start();
    await waitFor(async () => (await fetch(`${gateway.url}/api/ready`)).status === 200, {
      timeoutMs: 15_000,
      what: 'ready once Redis answers',
    });
    const { browser } = await signIn(gateway.url, 'early@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await browser.get(`${gateway.url}/api/config`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    await waitFor(() => gateway.stdout.includes('"operator store migrated"'), {
      what: 'the operator store migrated',
    });
    const warnings = gateway.stdout
      .split('\n')
      .filter((line) => line.includes('"level":"warn"'))
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
    // Redis's own connection errors say what is wrong; nothing that waits for it adds to them.
    expect(warnings).toContain('redis connection error');
    expect(warnings.filter((msg) => /rate limiter|operator store/.test(msg))).toEqual([]);
  });
});
