import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import { RedisStore } from 'rate-limit-redis';
import type { RedisConnection } from '../redis/redis-connection.js';
import { ApiException, Errors } from '../errors/api-exception.js';

const WINDOW_MS = 60_000;

/**
 * A limit of `limit` requests a minute per key (express-rate-limit): the IETF draft-7 `RateLimit`
 * headers on every answer, 429 `RATE_LIMITED` with Retry-After past it. With Redis the counts
 * are shared by every replica (rate-limit-redis), each call bounded by the session store's
 * deadline: the sessions live in the same Redis, so when it cannot count the request fails
 * fast with 503 as a session read would.
 */
function limiter(
  name: string,
  limit: number,
  key: (req: Request) => string,
  message: string,
  redis: RedisConnection | undefined,
  logger: Logger,
): RequestHandler {
  return rateLimit({
    windowMs: WINDOW_MS,
    limit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    keyGenerator: key,
    store: redis ? redisStore(redis, `onboarding:rl:${name}:`) : undefined,
    handler: (_req: Request, res: Response, next: NextFunction) =>
      next(
        new ApiException(429, 'RATE_LIMITED', message, {
          retryAfter: Number(res.getHeader('Retry-After')) || 60,
        }),
      ),
    // Keys come from the session or from clientAddress (TRUST_PROXY_HOPS), never from req.ip.
    validate: { trustProxy: false, xForwardedForHeader: false, keyGeneratorIpFallback: false },
    logger: {
      warn: (err: unknown) => logger.warn({ cause: (err as Error).message }, 'rate limiter'),
      error: (err: unknown) => logger.warn({ cause: (err as Error).message }, 'rate limiter'),
    },
  });
}

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

/** Per client address on the sign-in endpoints (behind TRUST_PROXY_HOPS proxies: see client-address.ts). */
export function signInRateLimit(
  perMinute: number,
  redis: RedisConnection | undefined,
  clientAddress: (req: Request) => string,
  logger: Logger,
): RequestHandler {
  return limiter(
    'sign-in',
    perMinute,
    (req) => ipKeyGenerator(clientAddress(req)),
    'Too many sign-in attempts. Wait a minute and try again.',
    redis,
    logger,
  );
}

/** Per signed-in operator on the API. */
export function apiRateLimit(
  perMinute: number,
  redis: RedisConnection | undefined,
  clientAddress: (req: Request) => string,
  logger: Logger,
): RequestHandler {
  return limiter(
    'api',
    perMinute,
    (req) => `user:${req.session?.user?.email ?? ipKeyGenerator(clientAddress(req))}`,
    'Too many requests. Wait a moment and try again.',
    redis,
    logger,
  );
}
