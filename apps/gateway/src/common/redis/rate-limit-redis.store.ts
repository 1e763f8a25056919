import type { Store } from 'express-rate-limit';
import { RedisStore } from 'rate-limit-redis';
import { Errors } from '../errors/api-exception.js';
import type { RedisConnection } from './redis-connection.js';

/**
 * rate-limit-redis loads its script once at start and keeps the promise: if Redis was down it stays
 * rejected and nothing is ever counted, so a count after a failed load loads it again.
 */
class ReloadingRedisStore extends RedisStore {
  override async increment(key: string) {
    await this.incrementScriptSha.catch(() => {
      this.incrementScriptSha = this.loadIncrementScript();
    });
    return super.increment(key);
  }
}

/** The rate limits' counts in Redis, shared by every replica; Redis failing is a 503. */
export function redisStore(redis: RedisConnection, prefix: string): Store {
  return new ReloadingRedisStore({
    prefix,
    sendCommand: (...args: string[]) =>
      redis.command(args).catch((err: unknown) => {
        // The store reloads its script on NOSCRIPT; anything else is Redis failing.
        if (err instanceof Error && /^NOSCRIPT/.test(err.message)) throw err;
        throw Errors.storeUnavailable();
      }),
  });
}
