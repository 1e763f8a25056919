import { afterEach, describe, expect, it } from '@jest/globals';
import { stripVTControlCharacters } from 'node:util';
import { RedisServer, waitFor } from '../src/index.js';

describe('RedisServer (a real redis-server)', () => {
  let redis: RedisServer | undefined;
  afterEach(async () => {
    await redis?.stop();
    redis = undefined;
  });

  it('keeps what was written across a crash and a restart on the same port', async () => {
    redis = await new RedisServer().start();
    expect(await redis.command('SET', 'k', 'kept')).toBe('+OK\r\n');
    const url = redis.url;
    await redis.kill();
    expect(await redis.ping()).toBe(false);
    await redis.start();
    expect(redis.url).toBe(url);
    expect(await redis.command('GET', 'k')).toBe('$4\r\nkept\r\n');
  });

  it('starts empty after a restart when nothing is persisted', async () => {
    redis = await new RedisServer({ persist: false }).start();
    await redis.command('SET', 'k', 'gone');
    await redis.kill();
    await redis.start();
    expect(await redis.command('GET', 'k')).toBe('$-1\r\n');
  });
});

describe('waitFor', () => {
  it('says what it waited for and the assertion that failed last when it times out', async () => {
    let attempt = 0;
    // A probe whose assertion never holds: its failure is what the timeout reports.
    const neverHolds = () => {
      attempt += 1;
      expect(attempt).toBe(-1);
    };
    const error = await waitFor(neverHolds, {
      timeoutMs: 100,
      intervalMs: 10,
      what: 'the thing',
    }).catch((err: unknown) => err as Error);
    expect(error).toBeInstanceOf(Error);
    // jest colours its messages on some terminals
    const message = stripVTControlCharacters(error!.message);
    expect(message).toMatch(
      /^Timed out after 100 ms waiting for the thing; the last attempt failed: expect\(received\)\.toBe\(expected\)/,
    );
    expect(message).toContain(`Received: ${attempt}`);
    expect(stripVTControlCharacters((error!.cause as Error).message)).toContain('Expected: -1');
  });

  it('says what the last attempt returned when it never threw', async () => {
    await expect(
      waitFor(() => false, { timeoutMs: 50, intervalMs: 10, what: 'the flag' }),
    ).rejects.toThrow(
      'Timed out after 50 ms waiting for the flag; the last attempt returned false',
    );
  });
});
