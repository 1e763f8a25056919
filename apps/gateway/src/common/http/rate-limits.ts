import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import { RedisStore } from 'rate-limit-redis';
import type { RedisConnection } from '../redis/redis-connection.js';
import { ApiException } from '../errors/api-exception.js';
import { sendError } from '../errors/send-error.js';

/**
 * rate-limit-redis loads its scripts once at start; if Redis was down then, the stored promise
 * stays rejected. This store loads them again on the next call instead.
 */
class ResilientRedisStore extends RedisStore {
  override async init(options: Parameters<RedisStore['init']>[0]): Promise<void> {
    try {
      await super.init(options);
    } catch {
      // loaded again on first use
    }
  }

  override async increment(key: string): ReturnType<RedisStore['increment']> {
    try {
      return await super.increment(key);
    } catch (err) {
      this.incrementScriptSha = this.loadIncrementScript();
      this.incrementScriptSha.catch(() => undefined);
      throw err;
    }
  }
}

function storeFor(redis: RedisConnection | undefined, prefix: string): Store | undefined {
  if (!redis) return undefined;
  return new ResilientRedisStore({
    prefix: `onboarding:rl:${prefix}:`,
    sendCommand: (...args: string[]) => redis.client.sendCommand<never>(args),
  });
}

function limiter(
  limit: number,
  key: (req: Request) => string,
  store: Store | undefined,
  message: string,
): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    keyGenerator: key,
    // A rate-limit store outage must not take the API down; the session store decides.
    passOnStoreError: true,
    // Express's `trust proxy` stays off (it would also trust X-Forwarded-Host/-Proto); the key
    // generators read X-Forwarded-For themselves, as far as TRUST_PROXY_HOPS allows.
    validate: { xForwardedForHeader: false },
    ...(store ? { store } : {}),
    handler: (req: Request, res: Response) => {
      const reset = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const retryAfter = reset ? Math.max(Math.ceil((reset.getTime() - Date.now()) / 1000), 1) : 60;
      sendError(req, res, new ApiException(429, 'RATE_LIMITED', message, { retryAfter }));
    },
  });
}

/** Per client address on the sign-in endpoints (behind TRUST_PROXY_HOPS proxies: see client-address.ts). */
export function signInRateLimit(
  perMinute: number,
  redis: RedisConnection | undefined,
  clientAddress: (req: Request) => string,
): RequestHandler {
  return limiter(
    perMinute,
    (req) => ipKeyGenerator(clientAddress(req)),
    storeFor(redis, 'sign-in'),
    'Too many sign-in attempts. Wait a minute and try again.',
  );
}

/** Per signed-in operator on the API. */
export function apiRateLimit(
  perMinute: number,
  redis: RedisConnection | undefined,
  clientAddress: (req: Request) => string,
): RequestHandler {
  return limiter(
    perMinute,
    (req) => `user:${req.session?.user?.email ?? ipKeyGenerator(clientAddress(req))}`,
    storeFor(redis, 'api'),
    'Too many requests. Wait a moment and try again.',
  );
}
