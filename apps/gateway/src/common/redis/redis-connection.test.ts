import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { freePort, RedisServer, waitFor } from '@onboarding/test-support';
import { fakeTheClockOnly } from '../../../test/support/clock.js';
import { LogCapture } from '../../../test/support/logs.js';
import { createLogger } from '../logging/logger.js';
import { DeadlineError } from '../resilience/deadline.js';
import { RedisConnection } from './redis-connection.js';

/** A real redis-server; the connections under test log into `logs`. */
describe('the Redis connection', () => {
  let redis: RedisServer;
  let logs: LogCapture;
  const connections: RedisConnection[] = [];

  beforeAll(async () => {
    redis = await new RedisServer({ persist: false }).start();
  });
  afterEach(async () => {
    jest.useRealTimers();
    redis.resume();
    for (const c of connections.splice(0)) await c.close();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  const connect = (url = redis.url, timeoutMs = 500) => {
    logs = new LogCapture();
    const c = new RedisConnection(url, createLogger('trace', logs), timeoutMs);
    connections.push(c);
    return c;
  };
  const ready = (c: RedisConnection) =>
    waitFor(() => c.isReady, { intervalMs: 5, timeoutMs: 3_000, what: 'redis ready' });
  const logged = (msg: string) => logs.lines.filter((l) => l.msg === msg);

  it('connects in the background, says so once, and answers commands', async () => {
    const c = connect();
    expect(c.isReady).toBe(false);
    expect(c.start()).toBe(c);
    await ready(c);
    expect(logged('redis connected')).toEqual([expect.objectContaining({ level: 'info' })]);
    await expect(c.ping()).resolves.toBeUndefined();
    expect(await c.command(['SET', 'conn-test', 'v1'])).toBe('OK');
    expect(await c.command(['GET', 'conn-test'])).toBe('v1');
  });

  it('runs work at once when connected, else at the first connection, once', async () => {
    const c = connect();
    const runs: string[] = [];
    c.whenReady(() => runs.push('queued'));
    expect(runs).toEqual([]);
    c.start();
    await ready(c);
    expect(runs).toEqual(['queued']);
    c.whenReady(() => runs.push('at once'));
    expect(runs).toEqual(['queued', 'at once']);
  });

  it('refuses a command at once while not connected, rather than queue it', async () => {
    const c = connect(redis.url, 2_000);
    const started = Date.now();
    await expect(c.command(['PING'])).rejects.toThrow();
    await expect(c.ping()).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('gives up on a command past its deadline when Redis hangs', async () => {
    const c = connect(redis.url, 80).start();
    await ready(c);
    redis.pause();
    const started = Date.now();
    const err = await c.command(['PING']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DeadlineError);
    expect((err as Error).message).toBe('redis did not answer in 80 ms');
    expect(Date.now() - started).toBeLessThan(1_000);
    await expect(c.ping()).rejects.toBeInstanceOf(DeadlineError);
  });

  it('reconnects by itself, within a second, when Redis comes back', async () => {
    const c = connect();
    let firstConnections = 0;
    c.whenReady(() => firstConnections++);
    c.start();
    await ready(c);
    await redis.kill();
    await waitFor(() => !c.isReady, { intervalMs: 5, what: 'the connection lost' });
    await redis.start();
    const back = Date.now();
    await ready(c);
    expect(Date.now() - back).toBeLessThan(1_000);
    await expect(c.ping()).resolves.toBeUndefined();
    expect(logged('redis connected')).toHaveLength(2);
    expect(firstConnections).toBe(1);
  });

  it('retries a lost connection after 100, 200, 400 and 800 ms, then every second', () => {
    const retryIn = connect().client.options?.socket?.reconnectStrategy as (n: number) => number;
    expect([0, 1, 2, 3, 4, 5, 10, 1000].map((n) => retryIn(n))).toEqual([
      100, 200, 400, 800, 1000, 1000, 1000, 1000,
    ]);
  });

  it('waits on Redis no longer than its deadline, but gives a connection at least 500 ms', () => {
    const slow = connect(redis.url, 800).client.options;
    expect(slow?.commandOptions?.timeout).toBe(800);
    expect(slow?.socket?.connectTimeout).toBe(800);
    const fast = connect(redis.url, 200).client.options;
    expect(fast?.commandOptions?.timeout).toBe(200);
    expect(fast?.socket?.connectTimeout).toBe(500);
  });

  it('lets commands in flight finish when it closes', async () => {
    const c = connect(redis.url, 2_000).start();
    await ready(c);
    // Answers after 50 ms: BLPOP on a list nobody pushes to.
    const inFlight = c.command(['BLPOP', 'conn-test-empty', '0.05']);
    await c.close();
    await expect(inFlight).resolves.toBeNull();
    expect(c.isReady).toBe(false);
    expect(c.client.isOpen).toBe(false);
  });

  it('closes without ever having connected', async () => {
    const c = connect();
    await expect(c.close()).resolves.toBeUndefined();
    expect(c.client.isOpen).toBe(false);
  });

  it('never throws when Redis cannot be reached: it warns, without the URL’s credentials', async () => {
    const port = await freePort();
    const c = connect(`redis://gateway:s3cret-pw@127.0.0.1:${port}`).start();
    await waitFor(() => logged('redis connection error').length, { intervalMs: 5 });
    expect(logged('redis connection error')[0]).toMatchObject({
      level: 'warn',
      cause: expect.stringContaining('ECONNREFUSED'),
    });
    await expect(c.command(['PING'])).rejects.toThrow();
    // Closed before it ever connected: the first attempt is given up on.
    await c.close();
    await waitFor(() => logged('redis not reachable yet').length, { intervalMs: 5 });
    expect(logged('redis not reachable yet')[0]).toMatchObject({
      level: 'warn',
      cause: expect.stringContaining('ECONNREFUSED'),
    });
    expect(logs.raw).not.toContain('s3cret-pw');
  });

  it('writes connection errors at most once every 10 s, with any URL’s credentials masked', () => {
    fakeTheClockOnly();
    jest.setSystemTime(new Date('2026-03-02T10:00:00.000Z'));
    const c = connect();
    const fail = () =>
      c.client.emit(
        'error',
        new Error('cannot reach redis://gateway:s3cret-pw@redis.internal:6379'),
      );
    fail();
    expect(logged('redis connection error')).toEqual([
      expect.objectContaining({
        level: 'warn',
        cause: 'cannot reach redis://***@redis.internal:6379',
      }),
    ]);
    jest.setSystemTime(Date.now() + 9_999);
    fail();
    expect(logged('redis connection error')).toHaveLength(1);
    // 10 s after the line written, not after the last error.
    jest.setSystemTime(new Date('2026-03-02T10:00:10.000Z'));
    fail();
    expect(logged('redis connection error')).toHaveLength(2);
    jest.setSystemTime(Date.now() + 5_000);
    fail();
    expect(logged('redis connection error')).toHaveLength(2);
    expect(logs.raw).not.toContain('s3cret-pw');
  });
});
