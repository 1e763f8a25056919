import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { InjectPinoLogger, PinoLogger } from 'nestjs-pino';
import type { GatewayConfig } from '../../config/app-config.js';
import { GatewayMetrics } from '../../metrics/gateway-metrics.js';
import { APP_CONFIG, REDIS } from '../../tokens.js';
import type { RedisConnection } from '../redis/redis-connection.js';
import { redisStore } from '../redis/rate-limit-redis.store.js';
import { ApiException } from '../errors/api-exception.js';
import { clientAddressOf } from '../http/client-address.js';

export type Limiter = 'signIn' | 'api';

/**
 * `counts` leaves out requests that cost nothing to refuse (a callback of no sign-in its browser
 * started), so forged ones cannot use up an address's limit.
 */
export const RateLimit = Reflector.createDecorator<{
  limiter: Limiter;
  counts?: (req: Request) => boolean;
}>();

/**
 * express-rate-limit, not @nestjs/throttler: no Redis storage of the throttler supports Nest 12 and
 * node-redis (README.md#the-gateway-and-where-it-leaves-the-stack, docs/security.md#rate-limits).
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly limiters: Record<Limiter, RequestHandler>;

  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) { rateLimit: perMinute, trustProxyHops }: GatewayConfig,
    @Inject(REDIS) redis: RedisConnection | null,
    @InjectPinoLogger(RateLimitGuard.name) logger: PinoLogger,
    @Inject(GatewayMetrics) metrics: GatewayMetrics,
  ) {
    const clientAddress = clientAddressOf(trustProxyHops);
    const address = (req: Request) => ipKeyGenerator(clientAddress(req));
    const limiter = (name: string, limit: number, key: (req: Request) => string, message: string) =>
      rateLimit({
        windowMs: 60_000,
        limit,
        standardHeaders: 'draft-7',
        legacyHeaders: false,
        keyGenerator: key,
        store: redis ? redisStore(redis, `onboarding:rl:${name}:`) : undefined,
        handler: (_req: Request, res: Response, next: NextFunction) => {
          metrics.rateLimitRefused(name);
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
    this.limiters = {
      signIn: limiter('sign-in', perMinute.signIn, address, MESSAGES.signIn),
      api: limiter(
        'api',
        perMinute.api,
        (req) => `user:${req.session?.user?.email ?? address(req)}`,
        MESSAGES.api,
      ),
    };
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.getAllAndOverride(RateLimit, [
      context.getHandler(),
      context.getClass(),
    ]);
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    if (!rule || (rule.counts && !rule.counts(req))) return true;
    await new Promise<void>((resolve, reject: (err: Error) => void) =>
      // The handler passes an ApiException, a failing store an Error.
      this.limiters[rule.limiter](req, http.getResponse<Response>(), (err?: unknown) =>
        err ? reject(err as Error) : resolve(),
      ),
    );
    return true;
  }
}

const MESSAGES = {
  signIn: 'Too many sign-in attempts. Wait a minute and try again.',
  api: 'Too many requests. Wait a moment and try again.',
};
