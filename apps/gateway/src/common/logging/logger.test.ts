import { describe, expect, it } from '@jest/globals';
import express, { type Request } from 'express';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { LogCapture } from '../../../test/support/logs.js';
import type { GatewayConfig } from '../../config/app-config.js';
import { pinoHttp } from 'pino-http';
import { pinoLoggerOf } from '../../../test/support/pino-logger.js';
import { createLogger, httpLoggerOptions, requestIdOf } from './logger.js';
import { NestLogger } from './nest-logger.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the JSON log', () => {
  it('writes one JSON line per entry: level by name, ISO time, the service (no pid or host) and the message', () => {
    const out = new LogCapture();
    createLogger('info', out).info({ setups: 3 }, 'fleet read');
    expect(out.lines).toHaveLength(1);
    const [line] = out.lines;
    expect(line).toEqual({
      level: 'info',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      service: 'gateway',
      setups: 3,
      msg: 'fleet read',
    });
    expect(Math.abs(Date.parse(line!.time as string) - Date.now())).toBeLessThan(5_000);
  });

  it('writes nothing below its level', () => {
    const out = new LogCapture();
    const logger = createLogger('warn', out);
    logger.info('not this');
    logger.warn('this');
    expect(out.lines.map((l) => [l.level, l.msg])).toEqual([['warn', 'this']]);
    createLogger('silent', out).error('nor this');
    expect(out.lines).toHaveLength(1);
  });

  it('never writes a secret, a token, a prompt or a request’s headers, body or query', () => {
    const out = new LogCapture();
    const keys = `headers body query cookie sessionId sid code state nonce codeVerifier idToken
      accessToken token tokens secret clientSecret password prompt newPrompt businessContext
      newBusinessContext`.split(/\s+/);
    const entry = Object.fromEntries(keys.map((k) => [k, `SECRET-${k}`]));
    createLogger('info', out).info(
      {
        ...entry,
        req: {
          method: 'GET',
          headers: { cookie: 'sid=SECRET-c', authorization: 'Bearer SECRET-a' },
        },
        res: { statusCode: 200, headers: { 'set-cookie': 'sid=SECRET-s' } },
        err: {
          message: 'Request failed with status code 500',
          config: { headers: 'SECRET-h' },
          request: 'SECRET-r',
          response: 'SECRET-p',
        },
      },
      'all of it',
    );
    const [line] = out.lines;
    expect(out.raw).not.toContain('SECRET');
    for (const k of keys) expect(line![k]).toBe('[redacted]');
    expect(line!.req).toEqual({
      method: 'GET',
      headers: { cookie: '[redacted]', authorization: '[redacted]' },
    });
    expect(line!.res).toEqual({ statusCode: 200, headers: { 'set-cookie': '[redacted]' } });
    expect(line!.err).toMatchObject({
      message: 'Request failed with status code 500',
      config: '[redacted]',
      request: '[redacted]',
      response: '[redacted]',
    });
  });
});

describe('Nest’s own messages', () => {
  it('go to the JSON log with their context, routine ones at debug', () => {
    const out = new LogCapture();
    const nest = new NestLogger(pinoLoggerOf(createLogger('trace', out)), {});
    nest.log('Mapped {/api/config, GET} route', 'RouterExplorer');
    nest.debug('debugging', 'A');
    nest.verbose('chatty', 'B');
    nest.warn('careful', 'C');
    nest.error('it broke', 'Error: it broke\n    at x', 'D');
    expect(out.lines.map(({ level, msg, context }) => ({ level, msg, context }))).toEqual([
      { level: 'debug', msg: 'Mapped {/api/config, GET} route', context: 'RouterExplorer' },
      { level: 'debug', msg: 'debugging', context: 'A' },
      { level: 'trace', msg: 'chatty', context: 'B' },
      { level: 'warn', msg: 'careful', context: 'C' },
      { level: 'error', msg: 'it broke', context: 'D' },
    ]);
    expect(out.lines.at(-1)!.err).toMatchObject({
      message: 'it broke',
      stack: expect.stringContaining('at x'),
    });
  });
});

type Settings = Pick<GatewayConfig, 'trustProxyHops' | 'trustProxyRequestId'>;

/**
 * An Express app behind pino-http with the options nestjs-pino gets (logging.module.ts): each route
 * answers with the status its path names, after a line of its own on the request's logger. The
 * caller's id on the request's other lines is the gateway's (test/proxy.e2e-spec.ts, audit).
 */
function loggedApp(settings: Partial<Settings> = {}) {
  const out = new LogCapture();
  const config = { trustProxyHops: 0, trustProxyRequestId: false, ...settings } as GatewayConfig;
  const app = express();
  app.use(pinoHttp(httpLoggerOptions(config, createLogger('trace', out))));
  app.get(['/api/ready', '/status/:code'], (req: Request, res) => {
    req.log.info('handling');
    const code = Number(req.params.code ?? 200);
    if (req.query.errorCode) res.locals.errorCode = req.query.errorCode;
    res.status(code).json({ id: requestIdOf(req) });
  });
  app.get('/ready-failing', (_req, res) => void res.status(503).end());
  const completed = () => out.lines.filter((l) => 'res' in l);
  const handling = () => out.lines.filter((l) => l.msg === 'handling');
  return { app, out, completed, handling };
}

describe('the request log', () => {
  it('gives each request an id of its own, sent back as X-Request-Id and on each of its lines', async () => {
    const { app, completed, handling } = loggedApp();
    const a = await request(app).get('/status/200');
    const b = await request(app).get('/status/200');
    const ids = [a.headers['x-request-id'], b.headers['x-request-id']];
    expect(ids[0]).toMatch(UUID);
    expect(ids[1]).toMatch(UUID);
    expect(ids[0]).not.toBe(ids[1]);
    expect(a.body).toEqual({ id: ids[0] });
    expect(completed().map((l) => l.requestId)).toEqual(ids);
    expect(handling().map((l) => l.requestId)).toEqual(ids);
  });

  it('writes one line per request: method, path without its query, client address, status and time', async () => {
    const { app, completed } = loggedApp();
    await request(app).get('/status/201?code=SECRET-code&state=SECRET-state');
    const [line] = completed();
    expect(line).toMatchObject({
      level: 'info',
      msg: 'request completed',
      req: {
        method: 'GET',
        path: '/status/201',
        remoteAddress: expect.stringMatching(/127\.0\.0\.1$/),
      },
      res: { statusCode: 201 },
      responseTime: expect.any(Number),
    });
    expect(Object.keys(line!.req as object).sort()).toEqual(['method', 'path', 'remoteAddress']);
    expect(Object.keys(line!.res as object)).toEqual(['statusCode']);
    expect(line).not.toHaveProperty('reqId');
    expect(JSON.stringify(line)).not.toContain('SECRET');
  });

  it('logs the whole path when it runs in a router mounted under a prefix', async () => {
    const out = new LogCapture();
    const config = { trustProxyHops: 0, trustProxyRequestId: false } as GatewayConfig;
    const api = express.Router();
    api.use(pinoHttp(httpLoggerOptions(config, createLogger('info', out))));
    api.get('/setups', (_req, res) => void res.json([]));
    const app = express().use('/api', api);
    await request(app).get('/api/setups?code=SECRET-code');
    expect(out.lines[0]).toMatchObject({ req: { path: '/api/setups' } });
  });

  it('keeps the request’s own lines short: its id, not the whole request', async () => {
    const { app, handling } = loggedApp();
    await request(app).get('/status/200');
    const [line] = handling();
    expect(line).toMatchObject({ requestId: expect.stringMatching(UUID) });
    expect(line).not.toHaveProperty('req');
  });

  it('takes the client address from the trusted proxy’s X-Forwarded-For', async () => {
    const { app, completed } = loggedApp({ trustProxyHops: 1 });
    await request(app).get('/status/200').set('X-Forwarded-For', '203.0.113.7');
    expect(completed()[0]).toMatchObject({ req: { remoteAddress: '203.0.113.7' } });
  });

  it('writes a 4xx at warn and a 5xx at error, without a made-up stack trace', async () => {
    const { app, completed } = loggedApp();
    await request(app).get('/status/302');
    await request(app).get('/status/399');
    await request(app).get('/status/400');
    await request(app).get('/status/499');
    await request(app).get('/status/500');
    await request(app).get('/status/503');
    expect(completed().map((l) => [l.res, l.level, l.msg])).toEqual([
      [{ statusCode: 302 }, 'info', 'request completed'],
      [{ statusCode: 399 }, 'info', 'request completed'],
      [{ statusCode: 400 }, 'warn', 'request completed'],
      [{ statusCode: 499 }, 'warn', 'request completed'],
      [{ statusCode: 500 }, 'error', 'request failed'],
      [{ statusCode: 503 }, 'error', 'request failed'],
    ]);
    for (const line of completed()) expect(line).not.toHaveProperty('err');
  });

  it('writes readiness checks at debug, even when not ready', async () => {
    const { app, completed } = loggedApp();
    await request(app).get('/api/ready?probe=1');
    await request(app).get('/ready-failing');
    expect(completed().map((l) => [l.req, l.level])).toEqual([
      [expect.objectContaining({ path: '/api/ready' }), 'debug'],
      [expect.objectContaining({ path: '/ready-failing' }), 'error'],
    ]);
  });

  it('names each of its fields once, the caller’s id beside the error code', async () => {
    const { app, completed, out } = loggedApp();
    await request(app)
      .get('/status/401?errorCode=UNAUTHENTICATED')
      .set('X-Request-Id', 'mine-0123456789');
    expect(completed()[0]).toMatchObject({
      clientRequestId: 'mine-0123456789',
      errorCode: 'UNAUTHENTICATED',
    });
    const line = out.raw.split('\n').find((l) => l.includes('"request completed"'))!;
    for (const key of ['clientRequestId', 'errorCode', 'requestId', 'req', 'res'])
      expect(line.split(`"${key}":`)).toHaveLength(2);
  });

  it('leaves a real error’s stack to the loggers nestjs-pino derives from it', () => {
    const out = new LogCapture();
    const config = { trustProxyHops: 0, trustProxyRequestId: false } as GatewayConfig;
    // nestjs-pino's root logger, outside any request, is the middleware's own.
    const root = pinoHttp(httpLoggerOptions(config, createLogger('info', out))).logger;
    root.error({ err: new Error('the store broke') }, 'fleet snapshot check failed');
    expect(out.lines[0]!.err).toMatchObject({
      message: 'the store broke',
      stack: expect.stringContaining('Error: the store broke'),
    });
  });

  it('names the error code the answer carried', async () => {
    const { app, completed } = loggedApp();
    await request(app).get('/status/401?errorCode=UNAUTHENTICATED');
    await request(app).get('/status/401');
    expect(completed()[0]).toMatchObject({ errorCode: 'UNAUTHENTICATED', level: 'warn' });
    expect(completed()[1]).not.toHaveProperty('errorCode');
    expect(completed()[1]).not.toHaveProperty('aborted');
  });

  it('marks a request the browser left before its answer was complete', async () => {
    const { app, completed } = loggedApp();
    app.get('/stream', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('first part');
    });
    const server = http.createServer(app).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const { port } = server.address() as AddressInfo;
      await new Promise<void>((resolve, reject) => {
        const req = http.get({ port, host: '127.0.0.1', path: '/stream' }, (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', reject);
      });
      for (let i = 0; i < 50 && !completed().length; i++) await sleep(5);
      expect(completed()[0]).toMatchObject({ aborted: true, res: { statusCode: 200 } });
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});

describe('the request id with no proxy trusted to set it', () => {
  it('is never the caller’s X-Request-Id, which is logged as clientRequestId', async () => {
    const { app, completed } = loggedApp();
    const res = await request(app).get('/status/200').set('X-Request-Id', 'mine-0123456789');
    expect(res.headers['x-request-id']).toMatch(UUID);
    expect(completed()[0]).toMatchObject({
      requestId: res.headers['x-request-id'],
      clientRequestId: 'mine-0123456789',
    });
  });

  it('logs the caller’s id only when it is 8 to 128 safe characters', async () => {
    const { app, completed } = loggedApp();
    const clientIdOf = async (id: string) => {
      await request(app).get('/status/200').set('X-Request-Id', id);
      return completed().at(-1)!.clientRequestId;
    };
    expect(await clientIdOf('abcdefgh')).toBe('abcdefgh');
    expect(await clientIdOf('a'.repeat(128))).toBe('a'.repeat(128));
    expect(await clientIdOf('Az09._:-Az09._:-')).toBe('Az09._:-Az09._:-');
    expect(await clientIdOf('abcdefg')).toBeUndefined();
    expect(await clientIdOf('a'.repeat(129))).toBeUndefined();
    expect(await clientIdOf('abcdefgh/')).toBeUndefined();
    expect(await clientIdOf('/abcdefgh')).toBeUndefined();
    expect(await clientIdOf('abcd efgh')).toBeUndefined();
    expect(await clientIdOf('abcdefgh"},{"x')).toBeUndefined();
  });

  it('ignores X-Client-Request-Id', async () => {
    const { app, completed } = loggedApp();
    await request(app).get('/status/200').set('X-Client-Request-Id', 'mine-0123456789');
    expect(completed()[0]).not.toHaveProperty('clientRequestId');
  });
});

describe('the request id where the edge proxy sets it (TRUST_PROXY_REQUEST_ID)', () => {
  it('is the proxy’s X-Request-Id, sent back and on every line', async () => {
    const { app, completed, handling } = loggedApp({ trustProxyRequestId: true });
    const res = await request(app).get('/status/200').set('X-Request-Id', 'edge-0123456789');
    expect(res.headers['x-request-id']).toBe('edge-0123456789');
    expect(completed()[0]).toMatchObject({ requestId: 'edge-0123456789' });
    expect(completed()[0]).not.toHaveProperty('clientRequestId');
    expect(handling()[0]).toMatchObject({ requestId: 'edge-0123456789' });
  });

  it('is one of its own when the proxy’s is missing or malformed', async () => {
    const { app } = loggedApp({ trustProxyRequestId: true });
    expect((await request(app).get('/status/200')).headers['x-request-id']).toMatch(UUID);
    const bad = await request(app).get('/status/200').set('X-Request-Id', 'short');
    expect(bad.headers['x-request-id']).toMatch(UUID);
  });

  it('logs the caller’s own X-Client-Request-Id as clientRequestId', async () => {
    const { app, completed } = loggedApp({ trustProxyRequestId: true });
    await request(app)
      .get('/status/200')
      .set('X-Request-Id', 'edge-0123456789')
      .set('X-Client-Request-Id', 'mine-0123456789');
    expect(completed()[0]).toMatchObject({
      requestId: 'edge-0123456789',
      clientRequestId: 'mine-0123456789',
    });
  });
});

describe('the request id of a request', () => {
  it('is its id as text, whatever made it', () => {
    expect(requestIdOf({ id: 'abc-123' } as unknown as Request)).toBe('abc-123');
    expect(requestIdOf({ id: 42 } as unknown as Request)).toBe('42');
  });
});
