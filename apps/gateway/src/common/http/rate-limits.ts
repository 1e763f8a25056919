import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import { RedisStore } from 'rate-limit-redis';
import type { RedisConnection } from '../redis/redis-connection.js';
import { ApiException, Errors } from '../errors/api-exception.js';

/**
 * rate-limit-redis loads its script once, when the gateway starts, and keeps that promise: if
 * Redis was not up yet it stays rejected and nothing is ever counted. Here a count after a failed
 * load loads the script again first.
 */
class ReloadingRedisStore extends RedisStore {
  override async increment(key: string) {
    await this.incrementScriptSha.catch(() => {
      this.incrementScriptSha = this.loadIncrementScript();
    });
    return super.increment(key);
  }
}

/**
 * The gateway's two limits (express-rate-limit), a minute's window each: per client address on
 * sign-in (behind TRUST_PROXY_HOPS proxies: client-address.ts), per signed-in operator on the
 * rest of the API. The IETF draft-7 `RateLimit` headers on every answer, 429 `RATE_LIMITED` with
 * Retry-After past the limit. With Redis the counts are shared by every replica, each call
 * bounded by the session store's deadline: the sessions live in the same Redis, so when it
 * cannot count the request fails fast with 503 as a session read would.
 */
export function rateLimits(
  perMinute: { signIn: number; api: number },
  clientAddress: (req: Request) => string,
  redis: RedisConnection | undefined,
  logger: Logger,
): { signIn: RequestHandler; api: RequestHandler } {
  const limiter = (name: string, limit: number, key: (req: Request) => string, message: string) =>
    rateLimit({
      windowMs: 60_000,
      limit,
      standardHeaders: 'draft-7',
      legacyHeaders: false,
      keyGenerator: key,
      store: redis && redisStore(redis, `onboarding:rl:${name}:`),
      handler: (_req: Request, res: Response, next: NextFunction) => {
        const retryAfter = Number(res.getHeader('Retry-After')) || 60;
        next(new ApiException(429, 'RATE_LIMITED', message, { retryAfter }));
      },
      // Keys come from the session or from clientAddress (TRUST_PROXY_HOPS), never from req.ip.
      validate: { trustProxy: false, xForwardedForHeader: false, keyGeneratorIpFallback: false },
      logger: {
        warn: (err: unknown) => logger.warn({ cause: (err as Error).message }, 'rate limiter'),
        error: (err: unknown) => logger.warn({ cause: (err as Error).message }, 'rate limiter'),
      },
    });
  const address = (req: Request) => ipKeyGenerator(clientAddress(req));
  return {
    signIn: limiter('sign-in', perMinute.signIn, address, MESSAGES.signIn),
    api: limiter(
      'api',
      perMinute.api,
      (req) => `user:${req.session?.user?.email ?? address(req)}`,
      MESSAGES.api,
    ),
  };
}

const MESSAGES = {
  signIn: 'Too many sign-in attempts. Wait a minute and try again.',
  api: 'Too many requests. Wait a moment and try again.',
};

function redisStore(redis: RedisConnection, prefix: string): Store {
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
