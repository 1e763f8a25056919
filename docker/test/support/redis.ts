import { RedisServer } from '@onboarding/test-support';
import { ensureDebianBinary } from './processes.js';

/**
 * A real redis-server on a free loopback port, nothing persisted (installed first if missing);
 * with `password`, it requires it (requirepass) and its `url` carries it.
 */
export async function startRedis(password?: string): Promise<RedisServer> {
  const binary = ensureDebianBinary('redis-server', 'redis-server');
  const redis = new RedisServer({ binary, persist: false, password });
  try {
    return await redis.start();
  } catch (err) {
    await redis.stop();
    throw err;
  }
}
