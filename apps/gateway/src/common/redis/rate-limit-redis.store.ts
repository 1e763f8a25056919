import type { Store } from 'express-rate-limit';
import { RedisStore } from 'rate-limit-redis';
import { Errors } from '../errors/api-exception.js';
import type { RedisConnection } from './redis-connection.js';

/**
 * rate-limit-redis loads its script once at start and keeps the promise: if Redis was down it stays
 * rejected and nothing is ever counted, so a count after a failed load loads it again. A gateway
 * starting before Redis answers leaves the load to the first count rather than logging a failure.
 */
class ReloadingRedisStore extends RedisStore {
  constructor(
    options: ConstructorParameters<typeof RedisStore>[0],
    private readonly connection: RedisConnection,
  ) {
    super(options);
  }

  override async init(options: Parameters<RedisStore['init']>[0]) {
    if (this.connection.isReady) return super.init(options);
    this.windowMs = options.windowMs;
    const notLoaded = Promise.reject(Errors.storeUnavailable());
    notLoaded.catch(() => undefined);
    this.incrementScriptSha = notLoaded;
    this.getScriptSha = notLoaded;
  }

  override async increment(key: string) {
    await this.incrementScriptSha.catch(() => {
      this.incrementScriptSha = this.loadIncrementScript();
    });
    return super.increment(key);
  }

  override async get(key: string) {
    await this.getScriptSha.catch(() => {
      this.getScriptSha = this.loadGetScript();
    });
    return super.get(key);
  }
}

/** The rate limits' counts in Redis, shared by every replica; Redis failing is a 503. */
export function redisStore(redis: RedisConnection, prefix: string): Store {
  return new ReloadingRedisStore(
    {
      prefix,
      sendCommand: (...args: string[]) =>
        redis.command(args).catch((err: unknown) => {
          // The store reloads its script on NOSCRIPT; anything else is Redis failing.
          if (err instanceof Error && /^NOSCRIPT/.test(err.message)) throw err;
          throw Errors.storeUnavailable();
        }),
    },
    redis,
  );
}
