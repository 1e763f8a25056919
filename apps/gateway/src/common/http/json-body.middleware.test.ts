import { describe, expect, it } from '@jest/globals';
import express, { type NextFunction, type Request, type Response } from 'express';
import request from 'supertest';
import type { GatewayConfig } from '../../config/app-config.js';
import { ApiException } from '../errors/api-exception.js';
import { JsonBodyMiddleware } from './json-body.middleware.js';

const LIMIT = 64;

function app() {
  const server = express();
  const parse = new JsonBodyMiddleware({ bodyLimitBytes: LIMIT } as GatewayConfig);
  server.use((req, res, next) => parse.use(req, res, next));
  server.post('/api/x', (req, res) => res.json({ body: req.body as unknown }));
  server.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (!(err instanceof ApiException))
      return void res.status(599).json({ unexpected: String(err) });
    res.status(err.getStatus()).json({ code: err.code, message: err.message, ...err.details });
  });
  return server;
}

const post = (body: string, type = 'application/json') =>
  request(app()).post('/api/x').set('content-type', type).send(body);

/** A JSON object of exactly `bytes` bytes. */
const sized = (bytes: number) => `{"a":"${'x'.repeat(bytes - 8)}"}`;

describe('the JSON body parser', () => {
  it('hands the parsed object to the route', async () => {
    const res = await post('{"limit":20,"names":["a","é"]}');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ body: { limit: 20, names: ['a', 'é'] } });
  });

  it('takes a body of exactly the configured limit (BODY_LIMIT_KB), and answers one byte more with 413 PAYLOAD_TOO_LARGE', async () => {
    expect(sized(LIMIT)).toHaveLength(LIMIT);
    expect((await post(sized(LIMIT))).status).toBe(200);
    const over = await post(sized(LIMIT + 1));
    expect(over.status).toBe(413);
    expect(over.body).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The request body is too large.',
    });
  });

  it.each([
    ['malformed JSON', '{"limit":'],
    ['a bare string (strict JSON: objects and lists only)', '"limit"'],
    ['a bare number', '20'],
  ])('answers %s with 400 naming the body', async (_label, body) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The request body is not valid JSON.',
      issues: [{ path: ['body'], message: 'Invalid JSON' }],
    });
  });

  it('answers JSON in a charset other than UTF-8 with 415', async () => {
    const res = await post('{}', 'application/json; charset=latin1');
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Send JSON encoded as UTF-8.',
    });
  });

  it('leaves a body of another type unread (the same-origin guard refuses it)', async () => {
    const res = await post('a=1', 'application/x-www-form-urlencoded');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
  });
});
