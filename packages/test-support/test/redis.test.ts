import { afterEach, describe, expect, it } from '@jest/globals';
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
  it('says what it waited for and the probe’s last error when it times out', async () => {
    await expect(
      waitFor(
        () => {
          throw new Error('connection refused');
        },
        { timeoutMs: 100, intervalMs: 10, what: 'the thing' },
      ),
    ).rejects.toThrow('Timed out after 100 ms waiting for the thing: connection refused');
  });
});
