import { describe, expect, it } from '@jest/globals';
import express, { type NextFunction, type Request, type Response } from 'express';
import request from 'supertest';
import { ApiException } from '../errors/api-exception.js';
import { PrototypePollutionMiddleware } from './prototype-pollution.middleware.js';

/** Express's JSON parser and simple query parser (as the gateway's), then the check. */
function app() {
  const server = express().set('query parser', 'simple');
  const check = new PrototypePollutionMiddleware();
  server.use(express.json());
  server.use((req, res, next) => check.use(req, res, next));
  server.all('/{*path}', (req, res) => res.json({ body: req.body as unknown, query: req.query }));
  server.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (!(err instanceof ApiException))
      return void res.status(500).json({ unexpected: String(err) });
    res.status(err.getStatus()).json({ code: err.code, message: err.message, ...err.details });
  });
  return server;
}

const post = (body: string, path = '/api/x') =>
  request(app()).post(path).set('content-type', 'application/json').send(body);

const forbidden = (path: (string | number)[]) => ({
  code: 'VALIDATION_FAILED',
  message: 'The request contains a forbidden key.',
  issues: [{ path, message: 'Forbidden key' }],
});

const TOO_DEEP = {
  code: 'VALIDATION_FAILED',
  message: 'The request is nested too deeply.',
  issues: [{ path: ['body'], message: 'Nested deeper than 32 levels' }],
};

/** `levels` objects nested in one another: 1 is `{}`, 2 is `{"a":{}}`. */
const nested = (levels: number, inner = '{}') =>
  '{"a":'.repeat(levels - 1) + inner + '}'.repeat(levels - 1);

describe('the prototype-pollution check', () => {
  it('passes an ordinary body and query on untouched', async () => {
    const body = { limit: 20, filters: [{ name: 'acme', tags: ['a', null] }], none: null };
    const res = await post(JSON.stringify(body), '/api/x?setupId=1&tag=a&tag=b');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ body, query: { setupId: '1', tag: ['a', 'b'] } });
  });

  it.each([
    ['__proto__ at the top', '{"__proto__":{"polluted":true},"limit":20}', ['body', '__proto__']],
    ['constructor nested', '{"a":{"constructor":{"x":1}}}', ['body', 'a', 'constructor']],
    [
      'prototype in a list, by its index',
      '{"a":[1,{"prototype":1}]}',
      ['body', 'a', 1, 'prototype'],
    ],
    [
      'a key after harmless ones',
      '{"a":{"b":1},"c":[{}],"constructor":1}',
      ['body', 'constructor'],
    ],
    [
      'a key deep in lists of lists',
      '[[0,[{"ok":{"__proto__":1}}]]]',
      ['body', 0, 1, 0, 'ok', '__proto__'],
    ],
  ])(
    'refuses %s with 400 VALIDATION_FAILED and the path of the key',
    async (_label, body, path) => {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(forbidden(path));
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );

  it('reports the first forbidden key only', async () => {
    const res = await post('{"x":{"prototype":1},"__proto__":1}');
    expect(res.body).toEqual(forbidden(['body', 'x', 'prototype']));
  });

  it('refuses a forbidden key in the query string, and checks the body first', async () => {
    const res = await request(app()).get('/api/x?setupId=1&__proto__=1');
    expect(res.status).toBe(400);
    expect(res.body).toEqual(forbidden(['query', '__proto__']));
    expect((await request(app()).get('/api/x?constructor=a')).body).toEqual(
      forbidden(['query', 'constructor']),
    );
    const both = await post('{"prototype":1}', '/api/x?__proto__=1');
    expect(both.body).toEqual(forbidden(['body', 'prototype']));
  });

  it('takes the forbidden words as values, and keys that only contain them', async () => {
    const body = {
      name: '__proto__',
      tags: ['constructor', 'prototype'],
      __proto__x: 1,
      myprototype: 2,
    };
    const res = await post(JSON.stringify(body), '/api/x?name=constructor');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ body, query: { name: 'constructor' } });
  });

  it('takes 32 levels of nesting below the body, and refuses a 33rd with 400', async () => {
    expect((await post(nested(33))).status).toBe(200);
    // A value that is no object adds no level.
    expect((await post(nested(33, '{"a":1}'))).status).toBe(200);
    expect((await post(nested(33, '{"a":null}'))).status).toBe(200);
    const deep = await post(nested(34));
    expect(deep.status).toBe(400);
    expect(deep.body).toEqual(TOO_DEEP);
    // Lists count as levels too.
    expect((await post(`${'['.repeat(33)}${']'.repeat(33)}`)).status).toBe(200);
    expect((await post(`${'['.repeat(34)}${']'.repeat(34)}`)).body).toEqual(TOO_DEEP);
  });

  it('refuses a forbidden key found before the nesting grows too deep', async () => {
    const res = await post(`{"__proto__":1,"b":${nested(40)}}`);
    expect(res.body).toEqual(forbidden(['body', '__proto__']));
  });

  it('lets a request without a body or query through', async () => {
    const res = await request(app()).get('/api/x');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ query: {} });
  });
});
