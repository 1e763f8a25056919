import 'reflect-metadata';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { Controller, Get, type INestApplication, Module, Post } from '@nestjs/common';
import { APP_GUARD, NestFactory } from '@nestjs/core';
import { waitFor } from '@onboarding/test-support';
import type { NextFunction, Request, Response } from 'express';
import { getLoggerToken } from 'nestjs-pino';
import type http from 'node:http';
import { pino } from 'pino';
import request from 'supertest';
import { fakeTheClockOnly } from '../../../test/support/clock.js';
import { LogCapture } from '../../../test/support/logs.js';
import { pinoLoggerOf } from '../../../test/support/pino-logger.js';
import { redisPerTest } from '../../../test/support/redis.js';
import type { GatewayConfig } from '../../config/app-config.js';
import { GatewayMetrics } from '../../metrics/gateway-metrics.js';
import { APP_CONFIG, REDIS } from '../../tokens.js';
import { ApiExceptionFilter } from '../errors/api-exception.filter.js';
import { createLogger } from '../logging/logger.js';
import { RedisConnection } from '../redis/redis-connection.js';
import { RateLimit, RateLimitGuard } from './rate-limit.guard.js';

const SIGN_IN_LIMIT = 3;
const API_LIMIT = 4;

@Controller()
class Routes {
  @Post('sign-in')
  @RateLimit({ limiter: 'signIn' })
  signIn() {
    return { ok: true };
  }

  /** Counted only when it is the callback of a sign-in this browser started. */
  @Get('callback')
  @RateLimit({ limiter: 'signIn', counts: (req) => req.query.state === 'started' })
  callback() {
    return { ok: true };
  }

  @Get('api/a')
  @RateLimit({ limiter: 'api' })
  a() {
    return { ok: true };
  }

  @Get('api/b')
  @RateLimit({ limiter: 'api' })
  b() {
    return { ok: true };
  }

  @Get('free')
  free() {
    return { ok: true };
  }
}

@Controller('limited')
@RateLimit({ limiter: 'api' })
class LimitedRoutes {
  @Get()
  inherited() {
    return { ok: true };
  }

  @Get('own')
  @RateLimit({ limiter: 'signIn' })
  own() {
    return { ok: true };
  }
}

interface Started {
  server: http.Server;
  logs: LogCapture;
  metrics: GatewayMetrics;
}

const apps: INestApplication[] = [];

/** The guard on every route of a Nest app, as app.module.ts sets it. */
async function start({
  hops = 0,
  redis = null,
}: { hops?: number; redis?: RedisConnection | null } = {}): Promise<Started> {
  const logs = new LogCapture();
  const metrics = new GatewayMetrics({ processMetrics: false });
  const config = {
    rateLimit: { signIn: SIGN_IN_LIMIT, api: API_LIMIT },
    trustProxyHops: hops,
  } as GatewayConfig;
  @Module({
    controllers: [Routes, LimitedRoutes],
    providers: [
      { provide: APP_CONFIG, useValue: config },
      { provide: REDIS, useValue: redis },
      {
        provide: getLoggerToken(RateLimitGuard.name),
        useValue: pinoLoggerOf(pino({ level: 'info' }, logs)),
      },
      { provide: GatewayMetrics, useValue: metrics },
      { provide: APP_GUARD, useClass: RateLimitGuard },
    ],
  })
  class RateLimitTestModule {}
  const app = await NestFactory.create(RateLimitTestModule, {
    bodyParser: false,
    logger: false,
    abortOnError: false,
  });
  // The session middleware's part: X-Operator signs the request in, X-Session gives a session
  // without an operator (a sign-in under way).
  app.use((req: Request, _res: Response, next: NextFunction) => {
    const operator = req.headers['x-operator'];
    if (typeof operator === 'string')
      req.session = { user: { email: operator } } as unknown as Request['session'];
    else if (req.headers['x-session']) req.session = {} as unknown as Request['session'];
    next();
  });
  app.useGlobalFilters(new ApiExceptionFilter(pinoLoggerOf(createLogger('silent'))));
  await app.listen(0, '127.0.0.1');
  apps.push(app);
  return { server: app.getHttpServer() as http.Server, logs, metrics };
}

const statuses = async (n: number, call: () => request.Test) => {
  const all: number[] = [];
  for (let i = 0; i < n; i++) all.push((await call()).status);
  return all;
};

/** onboarding_gateway_rate_limit_refusals_total's count by limiter. */
const refusals = async (metrics: GatewayMetrics): Promise<Record<string, number>> => {
  const metric = metrics.registry.getSingleMetric('onboarding_gateway_rate_limit_refusals_total')!;
  const { values } = await metric.get();
  return Object.fromEntries(values.map((v) => [String(v.labels.limiter), v.value]));
};

const limiterLines = (logs: LogCapture) => logs.find((l) => l.msg === 'rate limiter');

afterEach(async () => {
  jest.useRealTimers();
  for (const app of apps.splice(0)) await app.close();
});

describe('the rate limits, counted in memory', () => {
  it('lets an address start 3 sign-ins a minute and answers the 4th with 429 RATE_LIMITED, its message and Retry-After', async () => {
    fakeTheClockOnly();
    const { server } = await start();
    const first = await request(server).post('/sign-in');
    expect(first.status).toBe(201);
    expect(first.headers).toMatchObject({
      'ratelimit-policy': '3;w=60',
      ratelimit: 'limit=3, remaining=2, reset=60',
    });
    expect(first.headers['x-ratelimit-limit']).toBeUndefined();
    expect(await statuses(2, () => request(server).post('/sign-in'))).toEqual([201, 201]);
    const refused = await request(server).post('/sign-in');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: 'Too many sign-in attempts. Wait a minute and try again.',
      },
    });
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.headers.ratelimit).toBe('limit=3, remaining=0, reset=60');
  });

  it('says how much of the minute is left in Retry-After, and gives a fresh budget once it has passed', async () => {
    fakeTheClockOnly();
    const { server } = await start();
    expect(await statuses(3, () => request(server).post('/sign-in'))).toEqual([201, 201, 201]);
    jest.setSystemTime(Date.now() + 20_000);
    const refused = await request(server).post('/sign-in');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('40');
    jest.setSystemTime(Date.now() + 40_000);
    expect(await statuses(4, () => request(server).post('/sign-in'))).toEqual([201, 201, 201, 429]);
  });

  it('limits the API per operator, whatever their address: another operator keeps a whole budget', async () => {
    const { server } = await start();
    const busy = (path: string) => request(server).get(path).set('x-operator', 'busy@example.com');
    expect((await busy('/api/a')).headers['ratelimit-policy']).toBe('4;w=60');
    expect(await statuses(3, () => busy('/api/b'))).toEqual([200, 200, 200]);
    const refused = await busy('/api/a');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Too many requests. Wait a moment and try again.' },
    });
    const calm = () => request(server).get('/api/a').set('x-operator', 'calm@example.com');
    expect(await statuses(5, calm)).toEqual([200, 200, 200, 200, 429]);
  });

  it('counts the API calls of a request without a signed-in operator per address', async () => {
    const { server } = await start();
    expect(await statuses(2, () => request(server).get('/api/a'))).toEqual([200, 200]);
    // A session without an operator (a sign-in under way) counts as its address too.
    expect(await statuses(3, () => request(server).get('/api/b').set('x-session', '1'))).toEqual([
      200, 200, 429,
    ]);
    expect((await request(server).get('/api/a')).status).toBe(429);
    const operator = await request(server).get('/api/a').set('x-operator', 'op@example.com');
    expect(operator.status).toBe(200);
  });

  it('keeps the sign-in and the API budgets apart', async () => {
    const { server } = await start();
    expect(await statuses(4, () => request(server).post('/sign-in'))).toEqual([201, 201, 201, 429]);
    expect(await statuses(5, () => request(server).get('/api/a'))).toEqual([
      200, 200, 200, 200, 429,
    ]);
  });

  it('leaves a route without a limit alone', async () => {
    const { server } = await start();
    expect(await statuses(6, () => request(server).get('/free'))).toEqual(Array(6).fill(200));
    expect((await request(server).get('/free')).headers['ratelimit-policy']).toBeUndefined();
  });

  it('counts no request its rule says costs nothing (a callback of no sign-in this browser started)', async () => {
    const { server } = await start();
    const forged = () => request(server).get('/callback?state=forged');
    expect(await statuses(6, forged)).toEqual(Array(6).fill(200));
    expect((await forged()).headers['ratelimit-policy']).toBeUndefined();
    const started = () => request(server).get('/callback?state=started');
    expect(await statuses(4, started)).toEqual([200, 200, 200, 429]);
    // Refused or not, an uncounted request is never limited.
    expect((await forged()).status).toBe(200);
  });

  it("applies a controller's limit to its routes, and a route's own limit over it", async () => {
    const { server } = await start();
    expect((await request(server).get('/limited')).headers['ratelimit-policy']).toBe('4;w=60');
    expect((await request(server).get('/limited/own')).headers['ratelimit-policy']).toBe('3;w=60');
  });

  it('counts each refusal in onboarding_gateway_rate_limit_refusals_total, by limiter', async () => {
    const { server, metrics } = await start();
    await statuses(5, () => request(server).post('/sign-in'));
    await statuses(7, () => request(server).get('/api/a'));
    expect(await refusals(metrics)).toEqual({ 'sign-in': 2, api: 3 });
  });

  it('takes no X-Forwarded-For without a trusted proxy, and logs nothing about it', async () => {
    const { server, logs } = await start();
    const forged = (i: number) =>
      request(server).post('/sign-in').set('x-forwarded-for', `198.51.100.${i}`);
    const answers = [];
    for (let i = 1; i <= 4; i++) answers.push((await forged(i)).status);
    expect(answers).toEqual([201, 201, 201, 429]);
    expect(limiterLines(logs)).toEqual([]);
  });
});

describe('the rate limits behind a trusted proxy (TRUST_PROXY_HOPS=1)', () => {
  it('gives each client address the proxy names a budget of its own', async () => {
    const { server } = await start({ hops: 1 });
    const from = (address: string) =>
      request(server).post('/sign-in').set('x-forwarded-for', address);
    expect(await statuses(4, () => from('203.0.113.10'))).toEqual([201, 201, 201, 429]);
    expect((await from('203.0.113.20')).status).toBe(201);
    // Only the entry the proxy appended counts, not what the client wrote before it.
    expect((await from('203.0.113.20, 203.0.113.10')).status).toBe(429);
  });

  it('counts the IPv6 addresses of one /56 network as one client', async () => {
    const { server } = await start({ hops: 1 });
    const from = (address: string) =>
      request(server).post('/sign-in').set('x-forwarded-for', address);
    const oneNetwork = ['2001:db8:0:1::1', '2001:db8:0:2::7', '2001:db8:0:ff::1', '2001:db8::9'];
    const answers = [];
    for (const address of oneNetwork) answers.push((await from(address)).status);
    expect(answers).toEqual([201, 201, 201, 429]);
    expect((await from('2001:db8:0:100::1')).status).toBe(201);
  });
});

describe('the rate limits, counted in Redis', () => {
  const redis = redisPerTest();
  const connect = (timeoutMs = 500) => redis.ready(redis.connection(timeoutMs));

  it('keeps the counts under onboarding:rl:<limiter>:, per address and per operator', async () => {
    const c = await connect();
    const { server } = await start({ redis: c });
    await request(server).post('/sign-in').expect(201);
    await request(server).get('/api/a').set('x-operator', 'op@example.com').expect(200);
    await request(server).get('/api/a').set('x-operator', 'op@example.com').expect(200);
    await request(server).get('/api/a').expect(200);
    const keys = (await c.command(['KEYS', 'onboarding:rl:*'])) as string[];
    expect(keys.sort()).toEqual([
      'onboarding:rl:api:user:127.0.0.1',
      'onboarding:rl:api:user:op@example.com',
      'onboarding:rl:sign-in:127.0.0.1',
    ]);
    expect(await c.command(['GET', 'onboarding:rl:api:user:op@example.com'])).toBe('2');
  });

  it('shares one budget between the replicas on the same Redis', async () => {
    const c = await connect();
    const one = (await start({ redis: c })).server;
    const other = (await start({ redis: c })).server;
    expect((await request(one).post('/sign-in')).status).toBe(201);
    expect((await request(other).post('/sign-in')).status).toBe(201);
    expect((await request(one).post('/sign-in')).status).toBe(201);
    const refused = await request(other).post('/sign-in');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(55);
  });

  it('answers 503 SESSION_STORE_UNAVAILABLE, not 429, while Redis does not answer', async () => {
    const c = await connect(150);
    const { server, metrics } = await start({ redis: c });
    expect((await request(server).post('/sign-in')).status).toBe(201);
    redis.server.pause();
    const res = await request(server).post('/sign-in');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ error: { code: 'SESSION_STORE_UNAVAILABLE' } });
    expect(res.headers['retry-after']).toBe('5');
    expect(await refusals(metrics)).toEqual({});
  });

  it('logs a warning when Redis answers at start but cannot load the counting scripts', async () => {
    const c = await connect(150);
    redis.server.pause();
    const { logs } = await start({ redis: c });
    await waitFor(() => limiterLines(logs).length === 2, { timeoutMs: 2_000, what: 'warnings' });
    expect(limiterLines(logs)).toEqual(
      Array(2).fill(
        expect.objectContaining({
          level: 40,
          cause: 'Sessions are unavailable right now. Try again shortly.',
        }),
      ),
    );
  });
});
