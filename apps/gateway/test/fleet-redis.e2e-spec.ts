import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FleetSnapshot } from '@onboarding/contracts';
import { freePort, RedisServer, redisCommand, signIn, waitFor } from '@onboarding/test-support';
import { CountingProxy } from './support/counting-proxy.js';
import { spawnGateway, type SpawnedGateway } from './support/gateway.js';
import { type RunningSandbox, startSandbox } from './support/sandbox.js';

const CL = '/api/fleet/snapshot?flow=rem_omni';

/** An integer reply of redis-server (`:42\r\n`). */
const integer = async (reply: Promise<string>) => Number(/^:(-?\d+)/.exec(await reply)?.[1]);

/** Two gateway processes sharing a real redis-server: one snapshot, read by one of them. */
describe('the fleet snapshot in Redis, shared by two gateway processes', () => {
  let redis: RedisServer;
  let sandbox: RunningSandbox;
  let proxy: CountingProxy;
  let a: SpawnedGateway;
  let b: SpawnedGateway;

  beforeAll(async () => {
    redis = await new RedisServer().start();
    const [portA, portB] = [await freePort(), await freePort()];
    const publicUrl = `http://127.0.0.1:${portA}`;
    sandbox = await startSandbox([publicUrl]);
    proxy = await new CountingProxy(sandbox.url).start();
    const env = {
      PUBLIC_URL: publicUrl,
      SESSION_STORE: 'redis',
      REDIS_URL: redis.url,
      SESSION_SECRET: 'shared-secret-of-the-replicas-0123456789abcdef',
      OIDC_ISSUER: `${sandbox.url}/oidc`,
      CUSTOMER_SETUP_API_URL: `${proxy.url}/customer-setup`,
      LLM_API_URL: `${sandbox.url}/llm`,
      FLEET_REFRESH_SECONDS: '3600',
    };
    [a, b] = await Promise.all([spawnGateway(env, portA), spawnGateway(env, portB)]);
  }, 60_000);

  afterAll(async () => {
    for (const g of [a, b]) {
      g?.kill('SIGKILL');
      await g?.exited;
    }
    await proxy?.close();
    await sandbox?.close();
    await redis?.stop();
  });

  it('reads the fleet once, under a lock that expires, and both processes serve that snapshot', async () => {
    // Slow enough for the refresh to be seen under way.
    sandbox.faults.add({ path: '/customer-setup/*', kind: 'latency', latencyMs: 30 });
    const { browser } = await signIn(a.url, 'fleet@example.com');
    const get = async (url: string) =>
      (await browser.get(`${url}${CL}`, { 'sec-fetch-site': 'same-origin' })).json as FleetSnapshot;
    // Both processes are asked at once: each would start the first read.
    await Promise.all([get(a.url), get(b.url)]);
    const ttl = await waitFor(async () => {
      const ms = await integer(redisCommand(redis.port, 'PTTL', 'onboarding:fleet:lock'));
      return ms > 0 ? ms : undefined;
    });
    expect(ttl).toBeLessThanOrEqual(30_000);
    const [onA, onB] = await waitFor(
      async () => {
        const both = await Promise.all([get(a.url), get(b.url)]);
        return both.every((s) => s.state === 'ready') ? both : undefined;
      },
      { timeoutMs: 30_000 },
    );
    expect(onB.takenAt).toBe(onA.takenAt);
    expect(onB.metrics).toEqual(onA.metrics);
    // One refresh: one product list, and each Category Leaderboard workflow read once.
    expect(proxy.count('/product_register/product-list')).toBe(1);
    expect(proxy.count('/rem_omni/worflowData')).toBe(onA.metrics!.setups);
    // Released at the end.
    expect(await integer(redisCommand(redis.port, 'EXISTS', 'onboarding:fleet:lock'))).toBe(0);
    sandbox.faults.clear();
  }, 60_000);
});
