import { describe, expect, it } from '@jest/globals';
import type { Options, Store } from 'express-rate-limit';
import { redisPerTest } from '../../../test/support/redis.js';
import { ApiException } from '../errors/api-exception.js';
import { redisStore } from './rate-limit-redis.store.js';
import { type RedisConnection } from './redis-connection.js';

const WINDOW_MS = 60_000;

/** The rate limits' counts in a real redis-server, as each replica of the gateway keeps them. */
describe('the rate limits’ Redis store', () => {
  const redis = redisPerTest();
  const { connection, ready } = redis;
  /** The store as express-rate-limit sets it up: init with the limiter's window first. */
  const storeOn = async (c: RedisConnection, prefix = 'rl-test:') => {
    const store = redisStore(c, prefix);
    await store.init!({ windowMs: WINDOW_MS } as Options);
    return store;
  };
  const hits = async (store: Store, key: string) => (await store.increment(key)).totalHits;
  const refusal = (work: unknown) =>
    Promise.resolve(work).then(
      () => 'counted',
      (err: unknown) =>
        err instanceof ApiException
          ? `${err.getStatus()} ${err.code} retry ${err.details.retryAfter}`
          : `${(err as Error).name}: ${(err as Error).message}`,
    );

  it('counts hits per key under its prefix, for the limiter’s window', async () => {
    const store = await storeOn(await ready(connection()));
    expect(await hits(store, '203.0.113.7')).toBe(1);
    expect(await hits(store, '203.0.113.7')).toBe(2);
    expect(await hits(store, '198.51.100.1')).toBe(1);
    const { totalHits, resetTime } = (await store.get!('203.0.113.7'))!;
    expect(totalHits).toBe(2);
    expect(resetTime!.getTime() - Date.now()).toBeGreaterThan(WINDOW_MS - 5_000);
    expect(resetTime!.getTime() - Date.now()).toBeLessThanOrEqual(WINDOW_MS);
    expect(await redis.server.command('GET', 'rl-test:203.0.113.7')).toBe('$1\r\n2\r\n');
    const ttl = Number(
      /^:(\d+)/.exec(await redis.server.command('PTTL', 'rl-test:203.0.113.7'))![1],
    );
    expect(ttl).toBeGreaterThan(WINDOW_MS - 5_000);
  });

  it('shares its counts with every replica on the same Redis', async () => {
    const first = await ready(connection());
    const a = await storeOn(first);
    const b = await storeOn(await ready(connection()));
    expect(await hits(a, 'op@example.com')).toBe(1);
    expect(await hits(b, 'op@example.com')).toBe(2);
    expect((await a.get!('op@example.com'))!.totalHits).toBe(2);
    const other = await storeOn(first, 'rl-other:');
    expect(await hits(other, 'op@example.com')).toBe(1);
  });

  it('counts once Redis answers when the gateway started before it did', async () => {
    const c = connection();
    const store = await storeOn(c);
    // Not connected yet: a count is refused as the store being down, not counted.
    expect(await refusal(store.increment('late-key'))).toBe(
      '503 SESSION_STORE_UNAVAILABLE retry 5',
    );
    expect(await refusal(store.get!('late-key'))).toBe('503 SESSION_STORE_UNAVAILABLE retry 5');
    await ready(c);
    expect(await hits(store, 'late-key')).toBe(1);
    expect(await hits(store, 'late-key')).toBe(2);
    expect((await store.get!('late-key'))!.totalHits).toBe(2);
    const ttl = Number(/^:(\d+)/.exec(await redis.server.command('PTTL', 'rl-test:late-key'))![1]);
    expect(ttl).toBeGreaterThan(WINDOW_MS - 5_000);
  });

  it('leaves no unhandled rejection, which would end the process, while Redis is not there yet', async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      await storeOn(connection());
      await new Promise((resolve) => setTimeout(resolve, 10));
    } finally {
      process.off('unhandledRejection', record);
    }
    expect(unhandled).toEqual([]);
  });

  it('reads a replica’s count once Redis answers when the gateway started before it did', async () => {
    const c = connection();
    const late = await storeOn(c);
    await ready(c);
    const other = await storeOn(await ready(connection()));
    expect(await hits(other, 'shared-key')).toBe(1);
    expect((await late.get!('shared-key'))!.totalHits).toBe(1);
  });

  it('loads its scripts again when Redis lost them (a restart, SCRIPT FLUSH)', async () => {
    const store = await storeOn(await ready(connection()));
    expect(await hits(store, 'k')).toBe(1);
    expect(await redis.server.command('SCRIPT', 'FLUSH')).toBe('+OK\r\n');
    expect(await hits(store, 'k')).toBe(2);
    expect(await redis.server.command('SCRIPT', 'FLUSH')).toBe('+OK\r\n');
    expect((await store.get!('k'))!.totalHits).toBe(2);
  });

  it('answers 503 with Retry-After 5 when Redis is down or hangs', async () => {
    const c = await ready(connection(80));
    const store = await storeOn(c);
    redis.server.pause();
    expect(await refusal(store.increment('k'))).toBe('503 SESSION_STORE_UNAVAILABLE retry 5');
    expect(await refusal(store.get!('k'))).toBe('503 SESSION_STORE_UNAVAILABLE retry 5');
    redis.server.resume();
    // The count given up on was sent: Redis counts it when it wakes.
    expect(await hits(store, 'k')).toBe(2);
  });
});
