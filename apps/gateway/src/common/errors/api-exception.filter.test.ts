import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  BadRequestException,
  type CanActivate,
  ConflictException,
  Controller,
  Get,
  type INestApplication,
  InternalServerErrorException,
  Module,
  PayloadTooLargeException,
  Res,
  UnauthorizedException,
  UnsupportedMediaTypeException,
  UseGuards,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { APP_FILTER } from '@nestjs/core';
import express, { type NextFunction, type Request, type Response } from 'express';
import { LoggerModule } from 'nestjs-pino';
import type { Server } from 'node:http';
import { waitFor } from '@onboarding/test-support';
import request from 'supertest';
import { LogCapture } from '../../../test/support/logs.js';
import type { GatewayConfig } from '../../config/app-config.js';
import { createLogger, httpLoggerOptions } from '../logging/logger.js';
import { ApiExceptionFilter } from './api-exception.filter.js';
import { ApiException, Errors } from './api-exception.js';

const ISSUES = [{ path: ['body', 'limit'], message: 'Too big' }];

/** A guard that refuses every request by returning false, as Nest lets a guard do. */
class RefusingGuard implements CanActivate {
  canActivate(): boolean {
    return false;
  }
}

@Controller()
class ThrowingController {
  @Get('api/setups/conflict')
  conflict(): never {
    throw new ApiException(409, 'UPSTREAM_ERROR', 'Setup SHOP-1 already exists', {
      issues: ISSUES,
      upstream: { service: 'customer-setup', status: 409 },
      retryAfter: 30,
    });
  }

  @Get('api/setups/busy')
  busy(): never {
    throw new ApiException(429, 'RATE_LIMITED', 'Slow down.', { retryAfter: 0 });
  }

  @Get('api/setups/invalid')
  invalid(): never {
    throw Errors.contract(ISSUES);
  }

  @Get('api/setups/nest-400')
  nestBadRequest(): never {
    throw new BadRequestException('Validation failed (numeric string is expected)');
  }

  @Get('api/setups/refused')
  @UseGuards(RefusingGuard)
  refused(): string {
    return 'never reached';
  }

  @Get('api/setups/nest-401')
  nestUnauthorized(): never {
    throw new UnauthorizedException('token expired for op@example.com');
  }

  @Get('api/setups/nest-413')
  nestTooLarge(): never {
    throw new PayloadTooLargeException('body of 9 MB');
  }

  @Get('api/setups/nest-415')
  nestUnsupported(): never {
    throw new UnsupportedMediaTypeException('text/xml');
  }

  @Get('api/setups/nest-409')
  nestConflict(): never {
    throw new ConflictException('row 17 of table setups is locked');
  }

  @Get('api/setups/nest-500')
  nestInternal(): never {
    throw new InternalServerErrorException('database password is hunter2');
  }

  @Get('api/setups/crash')
  crash(): never {
    throw new TypeError("Cannot read properties of undefined (reading 'rows')");
  }

  @Get('api/setups/throws-text')
  throwsText(): never {
    throw 'a string, not an Error' as unknown as Error;
  }

  @Get('api/setups/half')
  half(@Res() res: Response): never {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.write('{"rows": [');
    throw new Error('the stream broke midway');
  }
}

const logs = new LogCapture();
const config = { trustProxyHops: 0, trustProxyRequestId: false } as GatewayConfig;

/** The controller behind the gateway's request logger and the filter under test. */
@Module({
  imports: [
    LoggerModule.forRoot({ pinoHttp: httpLoggerOptions(config, createLogger('info', logs)) }),
  ],
  controllers: [ThrowingController],
  providers: [{ provide: APP_FILTER, useClass: ApiExceptionFilter }],
})
class ThrowingModule {}

/** A signed-in operator's session where the test asks for one (X-Test-User). */
function fakeSession(req: Request, _res: Response, next: NextFunction) {
  const email = req.headers['x-test-user'];
  if (typeof email === 'string') Object.assign(req, { session: { user: { email } } });
  next();
}

type Envelope = { error: Record<string, unknown> };

describe('the error envelope of the API', () => {
  let app: INestApplication;
  beforeAll(async () => {
    app = await NestFactory.create(ThrowingModule, new ExpressAdapter(express()), {
      logger: false,
      bodyParser: false,
      abortOnError: false,
    });
    app.use(fakeSession);
    await app.init();
  });

  afterAll(async () => {
    await app.close();
  });

  const get = (path: string, user?: string) => {
    const req = request(app.getHttpServer() as Server).get(path);
    return user ? req.set('X-Test-User', user) : req;
  };
  /** The request log's line of a request, by its id. */
  const completedLine = (requestId: string) =>
    logs.lines.find((l) => l.requestId === requestId && 'res' in l);
  const unhandledLines = (requestId: string) =>
    logs.lines.filter((l) => l.requestId === requestId && l.msg === 'unhandled error');

  it('carries an ApiException’s status, code, message, issues, upstream and Retry-After', async () => {
    const res = await get('/api/setups/conflict', 'op@example.com');
    expect(res.status).toBe(409);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      error: {
        code: 'UPSTREAM_ERROR',
        message: 'Setup SHOP-1 already exists',
        requestId: res.headers['x-request-id'],
        issues: ISSUES,
        upstream: { service: 'customer-setup', status: 409 },
      },
    });
    expect(completedLine(res.headers['x-request-id'] as string)).toMatchObject({
      errorCode: 'UPSTREAM_ERROR',
    });
  });

  it('sends Retry-After: 0 when that is the wait, and none when there is none', async () => {
    const busy = await get('/api/setups/busy', 'op@example.com');
    expect(busy.status).toBe(429);
    expect(busy.headers['retry-after']).toBe('0');
    const invalid = await get('/api/setups/invalid', 'op@example.com');
    expect(invalid.headers).not.toHaveProperty('retry-after');
  });

  it('has only code, message and request id when there are no issues or upstream', async () => {
    const res = await get('/api/setups/busy', 'op@example.com');
    expect(res.body).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: 'Slow down.',
        requestId: res.headers['x-request-id'],
      },
    });
  });

  it('names the fields of a request outside the contract', async () => {
    const res = await get('/api/setups/invalid', 'op@example.com');
    expect(res.status).toBe(400);
    expect((res.body as Envelope).error).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: ISSUES,
    });
    expect((res.body as Envelope).error).not.toHaveProperty('upstream');
  });

  it('answers Nest’s own 400 as a malformed request, without its text', async () => {
    const res = await get('/api/setups/nest-400', 'op@example.com');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'The request is malformed.',
        requestId: res.headers['x-request-id'],
      },
    });
    expect(unhandledLines(res.headers['x-request-id'] as string)).toEqual([]);
  });

  it('answers a guard that returns false with 403 FORBIDDEN, not as a failure of the gateway', async () => {
    const res = await get('/api/setups/refused', 'op@example.com');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: {
        code: 'FORBIDDEN',
        message: 'You are not allowed to do this.',
        requestId: res.headers['x-request-id'],
      },
    });
    expect(unhandledLines(res.headers['x-request-id'] as string)).toEqual([]);
  });

  it.each([
    ['/api/setups/nest-401', 401, 'UNAUTHENTICATED', 'Sign in to continue.'],
    ['/api/setups/nest-413', 413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.'],
    ['/api/setups/nest-415', 415, 'UNSUPPORTED_MEDIA_TYPE', 'Send JSON encoded as UTF-8.'],
  ])(
    'answers Nest’s own %s with its status and code, without Nest’s text',
    async (path, status, code, message) => {
      const res = await get(path, 'op@example.com');
      expect(res.status).toBe(status);
      expect(res.body).toEqual({
        error: { code, message, requestId: res.headers['x-request-id'] },
      });
    },
  );

  it('answers a Nest 4xx the contract has no code for with 500 INTERNAL, its detail logged', async () => {
    const res = await get('/api/setups/nest-409', 'op@example.com');
    const requestId = res.headers['x-request-id'] as string;
    expect(res.status).toBe(500);
    expect((res.body as Envelope).error).toMatchObject({ code: 'INTERNAL' });
    expect(res.text).not.toContain('locked');
    expect(unhandledLines(requestId)).toEqual([
      expect.objectContaining({
        err: expect.objectContaining({ message: 'row 17 of table setups is locked' }),
      }),
    ]);
  });

  it('answers anything else thrown with 500 INTERNAL, its detail only in the log', async () => {
    for (const path of ['/api/setups/crash', '/api/setups/nest-500']) {
      const res = await get(path, 'op@example.com');
      const requestId = res.headers['x-request-id'] as string;
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        error: { code: 'INTERNAL', message: 'Something went wrong in the gateway.', requestId },
      });
      expect(res.text).not.toContain('hunter2');
      expect(res.text).not.toContain('rows');
      expect(unhandledLines(requestId)).toHaveLength(1);
      expect(completedLine(requestId)).toMatchObject({
        level: 'error',
        errorCode: 'INTERNAL',
      });
    }
    const [crash] = logs.lines.filter(
      (l) => l.msg === 'unhandled error' && JSON.stringify(l).includes('TypeError'),
    );
    expect(crash).toMatchObject({
      level: 'error',
      err: {
        type: 'TypeError',
        message: "Cannot read properties of undefined (reading 'rows')",
        stack: expect.stringContaining('ThrowingController.crash'),
      },
    });
  });

  it('answers a thrown value that is not an Error with 500 INTERNAL too', async () => {
    const res = await get('/api/setups/throws-text', 'op@example.com');
    expect(res.status).toBe(500);
    expect((res.body as Envelope).error).toMatchObject({ code: 'INTERNAL' });
    expect(unhandledLines(res.headers['x-request-id'] as string)).toHaveLength(1);
  });

  it('cuts the connection of an answer already under way rather than append an envelope to it', async () => {
    const err = await get('/api/setups/half', 'op@example.com').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeDefined();
    const line = logs.lines.findLast((l) => l.msg === 'unhandled error');
    expect(JSON.stringify(line)).toContain('the stream broke midway');
    // Its request line says the gateway cut it on an error, not that the browser left.
    await waitFor(() => completedLine(line!.requestId as string) !== undefined);
    expect(completedLine(line!.requestId as string)).toMatchObject({ errorCode: 'INTERNAL' });
    expect(completedLine(line!.requestId as string)).not.toHaveProperty('aborted');
  });

  describe('an unknown path', () => {
    it('is 401 under /api without a session, as any API call: no route enumeration', async () => {
      for (const path of ['/api', '/api/', '/api/no-such-thing', '/api/setups/nope/deeper']) {
        const res = await get(path);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({
          error: {
            code: 'UNAUTHENTICATED',
            message: 'Sign in to continue.',
            requestId: res.headers['x-request-id'],
          },
        });
      }
    });

    it('is 404 NOT_FOUND with a session, under the public sign-in routes, or outside /api', async () => {
      const cases: [string, string | undefined][] = [
        ['/api/no-such-thing', 'op@example.com'],
        ['/api/sso/no-such-thing', undefined],
        ['/apiary', undefined],
        ['/other/api/x', undefined],
        ['/', undefined],
      ];
      for (const [path, user] of cases) {
        const res = await get(path, user);
        expect([path, res.status]).toEqual([path, 404]);
        expect(res.body).toEqual({
          error: {
            code: 'NOT_FOUND',
            message: 'There is no such endpoint.',
            requestId: res.headers['x-request-id'],
          },
        });
      }
    });
  });
});
