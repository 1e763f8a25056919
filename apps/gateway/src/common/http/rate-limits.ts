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
 * Per client address on sign-in, per operator on the API: draft-7 `RateLimit` headers, 429 with
 * Retry-After. Redis counts are shared by replicas; when Redis cannot count, 503 as for sessions.
 */
export function rateLimits(
  perMinute: { signIn: number; api: number },
  clientAddress: (req: Request) => string,
  redis: RedisConnection | undefined,
  logger: Logger,
  refused: (limiter: string) => void = () => undefined,
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
        refused(name);
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
