import { describe, expect, it } from '@jest/globals';
import express, { type NextFunction, type Request, type Response } from 'express';
import request from 'supertest';
import { ApiException, Errors, toApiException } from './api-exception.js';

/** What a client reads of an error: its status, code, message and details. */
const seen = (err: ApiException) => ({
  status: err.getStatus(),
  code: err.code,
  message: err.message,
  details: err.details,
});

describe('the gateway errors', () => {
  it('are answers with a status, a code of the contract and a message safe to show', () => {
    expect(seen(Errors.unauthenticated())).toEqual({
      status: 401,
      code: 'UNAUTHENTICATED',
      message: 'Sign in to continue.',
      details: {},
    });
    expect(seen(Errors.notFound())).toEqual({
      status: 404,
      code: 'NOT_FOUND',
      message: 'There is no such endpoint.',
      details: {},
    });
    expect(seen(Errors.internal())).toEqual({
      status: 500,
      code: 'INTERNAL',
      message: 'Something went wrong in the gateway.',
      details: {},
    });
  });

  it('asks the browser to retry after 5 s when the session store is down', () => {
    expect(seen(Errors.storeUnavailable())).toEqual({
      status: 503,
      code: 'SESSION_STORE_UNAVAILABLE',
      message: 'Sessions are unavailable right now. Try again shortly.',
      details: { retryAfter: 5 },
    });
  });

  it('names the fields of a request outside the contract', () => {
    const issues = [{ path: ['body', 'limit'], message: 'Too big' }];
    expect(seen(Errors.contract(issues))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'The request does not match the contract.',
      details: { issues },
    });
  });

  it('is an HttpException Nest answers with its status', () => {
    const err = new ApiException(418, 'INTERNAL', 'short and stout');
    expect(err.getStatus()).toBe(418);
    expect(err.getResponse()).toBe('short and stout');
    expect(err.details).toEqual({});
  });
});

/** Runs express's own JSON body parser and answers with the ApiException its error maps to. */
function parsingApp(options: Parameters<typeof express.json>[0] = {}) {
  const app = express();
  app.post('/', express.json(options), (_req, res) => void res.json({ ok: true }));
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const e = toApiException(err);
    res.status(e.getStatus()).json({ code: e.code, message: e.message, ...e.details });
  });
  return app;
}

describe('what the body parser throws, as an API error', () => {
  it('is 413 PAYLOAD_TOO_LARGE for a body over the limit', async () => {
    const res = await request(parsingApp({ limit: 10 }))
      .post('/')
      .set('Content-Type', 'application/json')
      .send('{"text":"longer than ten bytes"}');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The request body is too large.',
    });
  });

  it('is 400 VALIDATION_FAILED naming the body for a body that is not JSON', async () => {
    const res = await request(parsingApp())
      .post('/')
      .set('Content-Type', 'application/json')
      .send('{"unclosed": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The request body is not valid JSON.',
      issues: [{ path: ['body'], message: 'Invalid JSON' }],
    });
  });

  it('is 415 UNSUPPORTED_MEDIA_TYPE for a body in another charset', async () => {
    const res = await request(parsingApp())
      .post('/')
      .set('Content-Type', 'application/json; charset=latin1')
      .send('{}');
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Send JSON encoded as UTF-8.',
    });
  });

  it('is 415 UNSUPPORTED_MEDIA_TYPE for a body in an unsupported content encoding', async () => {
    const res = await request(parsingApp())
      .post('/')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'x-unheard-of')
      .send('{}');
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('is a plain 400 VALIDATION_FAILED for any other refused request, without issues', () => {
    const aborted = Object.assign(new Error('request aborted'), {
      type: 'request.aborted',
      status: 400,
    });
    expect(seen(toApiException(aborted))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'The request is malformed.',
      details: {},
    });
  });

  it('is 500 INTERNAL for anything else, whatever its type or message', () => {
    for (const err of [
      Object.assign(new Error('verify'), { type: 'entity.verify.failed', status: 403 }),
      Object.assign(new Error('boom'), { status: 500 }),
      new Error('entity.too.large'),
      'entity.parse.failed',
      undefined,
      null,
    ])
      expect(seen(toApiException(err))).toEqual(seen(Errors.internal()));
  });
});
