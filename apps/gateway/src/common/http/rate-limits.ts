import { createHash } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
// Only its key function: an IPv6 client counts by its /56 network, an IPv4-mapped one as IPv4.
import { ipKeyGenerator } from 'express-rate-limit';
import type { RedisConnection } from '../redis/redis-connection.js';
import { ApiException } from '../errors/api-exception.js';
import { sendError } from '../errors/send-error.js';

const WINDOW_MS = 60_000;

/** A key's hits in the current window and the milliseconds until the window ends. */
interface Hits {
  readonly count: number;
  readonly resetMs: number;
}

/** Counts hits per key in fixed windows; undefined when the count is unavailable (store down). */
interface Counter {
  hit(key: string): Hits | Promise<Hits | undefined>;
}

/** One process's counts, in memory: a hit costs a map lookup (the SQLite mode's limiter). */
class MemoryCounter implements Counter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  private sweptAt = Date.now();

  hit(key: string): Hits {
    const now = Date.now();
    if (now - this.sweptAt > WINDOW_MS) {
      this.sweptAt = now;
      for (const [k, w] of this.windows) if (w.endsAt <= now) this.windows.delete(k);
    }
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + WINDOW_MS };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetMs: window.endsAt - now };
  }
}

/** Starts a window on the first hit, counts the others: one round trip per hit. */
const INCREMENT = [
  'local ttl = redis.call("PTTL", KEYS[1])',
  'if ttl <= 0 then',
  '  redis.call("SET", KEYS[1], 1, "PX", ARGV[1])',
  '  return { 1, tonumber(ARGV[1]) }',
  'end',
  'return { redis.call("INCR", KEYS[1]), ttl }',
].join('\n');
const INCREMENT_SHA = createHash('sha1').update(INCREMENT).digest('hex');

/** Counts shared by every gateway process through Redis (SESSION_STORE=redis). */
class RedisCounter implements Counter {
  constructor(
    private readonly redis: RedisConnection,
    private readonly prefix: string,
  ) {}

  async hit(key: string): Promise<Hits | undefined> {
    const args = ['1', this.prefix + key, String(WINDOW_MS)];
    try {
      let reply: unknown;
      try {
        reply = await this.redis.client.sendCommand(['EVALSHA', INCREMENT_SHA, ...args]);
      } catch (err) {
        if (!/^NOSCRIPT/.test((err as Error).message)) throw err;
        // First use on this Redis (or after a restart of it): EVAL loads the script.
        reply = await this.redis.client.sendCommand(['EVAL', INCREMENT, ...args]);
      }
      const [count, resetMs] = reply as [number, number];
      return { count: Number(count), resetMs: Number(resetMs) };
    } catch {
      // A limiter outage must not take the API down; the session store decides about that.
      return undefined;
    }
  }
}

/**
 * A fixed-window limit of `limit` requests a minute per key, with the `RateLimit-Policy` and
 * `RateLimit` headers (IETF draft 7) on every answer and 429 `RATE_LIMITED` with Retry-After
 * past the limit. Plain Node calls, no promise when the count is in memory: it is on the path of
 * every proxied call (see http/front-door.ts).
 */
function limiter(
  limit: number,
  key: (req: Request) => string,
  counter: Counter,
  message: string,
): RequestHandler {
  const policy = `${limit};w=${WINDOW_MS / 1000}`;
  const decide = (hits: Hits | undefined, req: Request, res: Response, next: NextFunction) => {
    if (!hits) return next();
    const reset = Math.max(Math.ceil(hits.resetMs / 1000), 1);
    res.setHeader('RateLimit-Policy', policy);
    res.setHeader(
      'RateLimit',
      `limit=${limit}, remaining=${Math.max(limit - hits.count, 0)}, reset=${reset}`,
    );
    if (hits.count <= limit) return next();
    sendError(req, res, new ApiException(429, 'RATE_LIMITED', message, { retryAfter: reset }));
  };
  return (req: Request, res: Response, next: NextFunction) => {
    const hits = counter.hit(key(req));
    if (hits instanceof Promise) void hits.then((h) => decide(h, req, res, next));
    else decide(hits, req, res, next);
  };
}

function counterFor(redis: RedisConnection | undefined, name: string): Counter {
  return redis ? new RedisCounter(redis, `onboarding:rl:${name}:`) : new MemoryCounter();
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
    counterFor(redis, 'sign-in'),
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
    counterFor(redis, 'api'),
    'Too many requests. Wait a moment and try again.',
  );
}
