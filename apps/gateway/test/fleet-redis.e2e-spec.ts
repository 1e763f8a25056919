import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FleetSnapshot } from '@onboarding/contracts';
import { type RedisServer, redisCommand, signIn, waitFor } from '@onboarding/test-support';
import { pino } from 'pino';
import { RedisConnection } from '../src/common/redis/redis-connection.js';
import { PUBLISHED_FORMAT, RedisFleetStore } from '../src/fleet/fleet-store.js';
import { CountingProxy } from './support/counting-proxy.js';
import type { SpawnedGateway } from './support/gateway.js';
import type { RunningSandbox } from './support/sandbox.js';
import { startRedisReplicas, type RedisReplicas } from './support/stack.js';

const CL = '/api/fleet/snapshot?flow=rem_omni';

/** An integer reply of redis-server (`:42\r\n`). */
const integer = async (reply: Promise<string>) => Number(/^:(-?\d+)/.exec(await reply)?.[1]);

/** Two gateway processes sharing a real redis-server: one snapshot, read by one of them. */
describe('the fleet snapshot in Redis, shared by two gateway processes', () => {
  let replicas: RedisReplicas;
  let redis: RedisServer;
  let sandbox: RunningSandbox;
  let proxy: CountingProxy;
  let a: SpawnedGateway;
  let b: SpawnedGateway;

  beforeAll(async () => {
    replicas = await startRedisReplicas(async (upstreams) => {
      proxy = await new CountingProxy(upstreams.url).start();
      return {
        CUSTOMER_SETUP_API_URL: `${proxy.url}/customer-setup`,
        FLEET_REFRESH_SECONDS: '3600',
      };
    });
    ({ redis, sandbox, a, b } = replicas);
  }, 60_000);

  afterAll(async () => {
    await replicas?.close();
    await proxy?.close();
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

  it('keeps the setups changed through any process until a refresh has read them, those noted since included', async () => {
    const logger = pino({ level: 'silent' });
    const one = new RedisConnection(redis.url, logger, 800).start();
    const other = new RedisConnection(redis.url, logger, 800).start();
    try {
      for (const c of [one, other])
        await waitFor(() =>
          c.ping().then(
            () => true,
            () => undefined,
          ),
        );
      // A write passed on by one process; the refresh runs in the other.
      await new RedisFleetStore(one).touch([11, 12]);
      const refresher = new RedisFleetStore(other);
      const read = await refresher.touched();
      expect(read.sort()).toEqual([11, 12]);
      await new RedisFleetStore(one).touch([13]); // while that refresh reads
      await refresher.untouch(read);
      expect(await refresher.touched()).toEqual([13]);
    } finally {
      await one.close();
      await other.close();
    }
  });

  it("serves no answers an older gateway saved without each setup's client id: a refresh publishes them anew", async () => {
    const connection = new RedisConnection(redis.url, pino({ level: 'silent' }), 800).start();
    const key = 'onboarding:fleet:published';
    let kept: unknown = null;
    try {
      await waitFor(() =>
        connection.ping().then(
          () => true,
          () => undefined,
        ),
      );
      kept = await connection.command(['GET', key]);
      const older = {
        version: 'older',
        takenAt: Date.now(),
        flows: [],
        metrics: {},
        setups: { rem_omni: [{ setupId: 1, clientName: 'acme', isNewClient: false, rows: [] }] },
      };
      await connection.command(['SET', key, JSON.stringify(older)]);
      expect(await new RedisFleetStore(connection).published('older')).toBeNull();
      const current = { ...older, format: PUBLISHED_FORMAT };
      await connection.command(['SET', key, JSON.stringify(current)]);
      expect(await new RedisFleetStore(connection).published('older')).toEqual(current);
    } finally {
      if (typeof kept === 'string') await connection.command(['SET', key, kept]);
      await connection.close();
    }
  });
});
