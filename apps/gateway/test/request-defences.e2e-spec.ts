import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { gzipSync } from 'node:zlib';
import { Browser, waitFor } from '@onboarding/test-support';
import request from 'supertest';
import { spawnGateway, startGateway, type TestGateway } from './support/gateway.js';

/** Defences before any session (docs/security.md#session-required, #same-origin, #input-limits). */
describe('requests without a session', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startGateway({ BODY_LIMIT_KB: '16' });
  });
  afterAll(async () => {
    await gw.close();
  });

  const listCall = () => `${gw.url}/api/proxy/customer-setup/rem_omni/allSetup`;

  /**
   * A request straight into the Nest app (supertest), for the defences that need no network hop,
   * answered in fetch's shape. Streams (gzip, chunked bodies) still go over the network.
   */
  async function call(
    url: string,
    // supertest never follows redirects: `redirect` is fetch's word for that.
    init: {
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      redirect?: 'manual';
    } = {},
  ) {
    const path = url.slice(gw.url.length);
    let req = request(gw.gateway.app.getHttpServer())[
      (init.method ?? 'GET').toLowerCase() as 'get' | 'post' | 'options'
    ](path);
    for (const [name, value] of Object.entries(init.headers ?? {})) req = req.set(name, value);
    const res = await (init.body === undefined ? req : req.send(init.body));
    return {
      status: res.status,
      json: () => Promise.resolve(res.body as unknown),
      headers: new Headers(res.headers),
    };
  }
  const goodHeaders = () => ({
    origin: gw.url,
    'x-requested-with': 'XMLHttpRequest',
    'content-type': 'application/json',
  });

  it('answers 200 on /api/health without a session', async () => {
    const res = await call(`${gw.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok' });
  });

  it('answers 401 JSON (never a redirect or HTML) on the API without a session', async () => {
    const res = await call(`${gw.url}/api/config`, {
      redirect: 'manual',
      headers: { accept: 'text/html' },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await res.json()) as { error: { code: string; requestId: string } };
    expect(body.error.code).toBe('UNAUTHENTICATED');
    expect(body.error.requestId).toBe(res.headers.get('x-request-id'));
  });

  it('refuses a POST from another origin with 403', async () => {
    const res = await call(listCall(), {
      method: 'POST',
      headers: { ...goodHeaders(), origin: 'https://evil.example' },
      body: '{}',
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('CSRF_REJECTED');
  });

  it.each([
    ['a cross-site Sec-Fetch-Site', { 'sec-fetch-site': 'cross-site' }],
    ['a same-site (sibling subdomain) Sec-Fetch-Site', { 'sec-fetch-site': 'same-site' }],
    ['Origin null', { origin: 'null' }],
    ['an origin differing by port', { origin: 'http://127.0.0.1:1' }],
    ['an origin differing by scheme', { origin: 'https://127.0.0.1' }],
  ])('refuses a POST with %s (403)', async (_label, extra) => {
    const res = await call(listCall(), {
      method: 'POST',
      headers: { ...goodHeaders(), ...extra },
      body: '{}',
    });
    expect(res.status).toBe(403);
  });

  it('refuses a POST with neither Origin nor Sec-Fetch-Site (no proof of same origin)', async () => {
    const res = await call(listCall(), {
      method: 'POST',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(403);
  });

  it('refuses a same-origin POST without X-Requested-With (403)', async () => {
    const res = await call(listCall(), {
      method: 'POST',
      headers: { origin: gw.url, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /X-Requested-With/,
    );
  });

  it('applies the same-origin rule to getAuthUrl and logout too', async () => {
    for (const p of ['/api/sso/getAuthUrl', '/api/sso/logout']) {
      const res = await call(`${gw.url}${p}`, {
        method: 'POST',
        headers: {
          origin: 'https://evil.example',
          'x-requested-with': 'XMLHttpRequest',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ currentUrl: '/', email: 'a@b.example' }),
      });
      expect(res.status).toBe(403);
    }
  });

  it.each([
    ['a form post', 'application/x-www-form-urlencoded', 'a=1'],
    ['multipart', 'multipart/form-data; boundary=x', '--x--'],
    ['text/plain', 'text/plain', '{}'],
    ['JSON in another charset', 'application/json; charset=latin1', '{}'],
  ])('refuses %s with 415', async (_label, type, body) => {
    const res = await call(listCall(), {
      method: 'POST',
      headers: { ...goodHeaders(), 'content-type': type },
      body,
    });
    expect(res.status).toBe(415);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await call(listCall(), {
      method: 'POST',
      headers: goodHeaders(),
      body: JSON.stringify({ searchText: 'x'.repeat(20 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
      'PAYLOAD_TOO_LARGE',
    );
  });

  it('answers 400 with a body issue for malformed JSON', async () => {
    const res = await call(listCall(), {
      method: 'POST',
      headers: goodHeaders(),
      body: '{"limit":',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; issues: { path: string[] }[] } };
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.issues[0]!.path).toEqual(['body']);
  });

  // Without a session, a body that was read and parsed gets as far as the session check (401);
  // one that could not be parsed stops at 400.
  it.each([
    ['a JSON string instead of an object (strict JSON)', '"limit"'],
    ['a JSON number', '20'],
    ['only whitespace', '   '],
  ])('refuses a JSON body: %s (%j) → 400 naming the body', async (_label, body) => {
    const res = await call(listCall(), { method: 'POST', headers: goodHeaders(), body });
    expect(res.status).toBe(400);
    const json = (await res.json()) as { error: { issues: { path: unknown[] }[] } };
    expect(json.error.issues[0]!.path).toEqual(['body']);
  });

  it.each([
    ['an object after a byte-order mark', '\uFEFF{"limit":20}'],
    ['an object with surrounding whitespace', '\n {"limit":20} \n'],
  ])('reads a JSON body: %s (%j) → 401', async (_label, body) => {
    const res = await call(listCall(), { method: 'POST', headers: goodHeaders(), body });
    expect(res.status).toBe(401);
  });

  it('reads gzip-compressed and chunked JSON bodies as well, limit and all', async () => {
    const send = (
      body: Buffer | ReadableStream<Uint8Array>,
      headers: Record<string, string> = {},
    ) =>
      fetch(listCall(), {
        method: 'POST',
        headers: { ...goodHeaders(), ...headers },
        body,
        duplex: 'half',
      });
    const gzip = (text: string) => gzipSync(Buffer.from(text));
    expect((await send(gzip('{"limit":20}'), { 'content-encoding': 'gzip' })).status).toBe(401);
    expect((await send(gzip('{"limit":'), { 'content-encoding': 'gzip' })).status).toBe(400);
    // A small compressed body that inflates past the limit (16 KB here).
    const bomb = gzip(JSON.stringify({ searchText: 'x'.repeat(64 * 1024) }));
    expect(bomb.length).toBeLessThan(16 * 1024);
    expect((await send(bomb, { 'content-encoding': 'gzip' })).status).toBe(413);
    expect((await send(Buffer.from('{}'), { 'content-encoding': 'compress' })).status).toBe(415);
    const chunked = (parts: string[]) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const p of parts) controller.enqueue(new TextEncoder().encode(p));
          controller.close();
        },
      });
    expect((await send(chunked(['{"limit"', ':20}']))).status).toBe(401);
    expect((await send(chunked(['{"limit"', ':']))).status).toBe(400);
    expect((await send(chunked(['{"searchText":"', 'x'.repeat(20 * 1024), '"}']))).status).toBe(
      413,
    );
  });

  it.each([
    ['__proto__ at the top', '{"__proto__":{"polluted":true},"limit":20}', ['body', '__proto__']],
    [
      'constructor nested',
      '{"a":{"constructor":{"prototype":{"x":1}}}}',
      ['body', 'a', 'constructor'],
    ],
    ['prototype in a list', '{"a":[{"prototype":1}]}', ['body', 'a', 0, 'prototype']],
  ])('rejects %s with 400 and the key path', async (_label, body, path) => {
    const res = await call(listCall(), { method: 'POST', headers: goodHeaders(), body });
    expect(res.status).toBe(400);
    const json = (await res.json()) as { error: { issues: { path: unknown[] }[] } };
    expect(json.error.issues[0]!.path).toEqual(path);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('rejects __proto__ in the query string with 400', async () => {
    const res = await call(
      `${gw.url}/api/proxy/customer-setup/rem_omni/browseNodes?__proto__=1&setupId=1`,
      {
        method: 'POST',
        headers: goodHeaders(),
        body: '{}',
      },
    );
    expect(res.status).toBe(400);
  });

  it('answers 401, not 404, for an unknown /api path without a session (no route enumeration)', async () => {
    const res = await call(`${gw.url}/api/nothing/here`);
    expect(res.status).toBe(401);
  });

  it('grants no CORS: no Access-Control-* headers, even to a preflight', async () => {
    const res = await call(listCall(), {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect([...res.headers.keys()].filter((h) => h.startsWith('access-control-'))).toEqual([]);
  });

  it('puts security headers and no-store on API answers, and no banner', async () => {
    const res = await call(`${gw.url}/api/health`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('content-security-policy')).not.toContain(
      "script-src 'self' 'unsafe-inline'",
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('server')).toBeNull();
  });

  it("makes its own request id; a caller's well-formed X-Request-Id is logged beside it, never as it", async () => {
    const res = await call(`${gw.url}/api/config`, {
      headers: { 'x-request-id': 'req-1234567890' },
    });
    const id = res.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await res.json()).toMatchObject({ error: { requestId: id } });
    const completed = (requestId: string) =>
      gw.logs.find((l) => l.requestId === requestId && l.msg === 'request completed');
    await waitFor(() => completed(id).length === 1);
    expect(completed(id)[0]).toMatchObject({ clientRequestId: 'req-1234567890' });
    const malformed = await call(`${gw.url}/api/health`, {
      headers: { 'x-request-id': 'bad id\twith "quotes"' },
    });
    const other = malformed.headers.get('x-request-id')!;
    await waitFor(() => completed(other).length === 1);
    expect(completed(other)[0]).not.toHaveProperty('clientRequestId');
  });

  it('rejects a getAuthUrl body that does not match the contract with 400 and field paths', async () => {
    const browser = new Browser(gw.url);
    const res = await browser.post(`${gw.url}/api/sso/getAuthUrl`, {
      currentUrl: '/',
      email: 'not-an-email',
      extra: 1,
    });
    expect(res.status).toBe(400);
    const paths = (res.json as { error: { issues: { path: unknown[] }[] } }).error.issues.map(
      (i) => i.path,
    );
    expect(paths).toEqual(expect.arrayContaining([['body', 'email'], ['body']]));
  });
});

/**
 * Request ids behind the edge proxy (docs/security.md#request-ids), each gateway a process of its
 * own: one pino-http a process makes the ids (docs/testing.md#logs-in-tests).
 */
describe('request ids behind a trusted proxy', () => {
  /** A request to a spawned gateway with `env`, and the lines logged under the id it answered. */
  async function behind(env: Record<string, string>, headers: Record<string, string>) {
    const gw = await spawnGateway(env);
    try {
      const res = await fetch(`${gw.url}/api/config`, { headers });
      const id = res.headers.get('x-request-id')!;
      const lines = () => gw.logLines().filter((l) => l.requestId === id);
      await waitFor(() => lines().length > 0, { what: 'the request line' });
      return { id, lines: lines(), all: gw.logLines() };
    } finally {
      gw.kill();
      await gw.exited;
    }
  }

  it("never takes a caller's X-Request-Id behind a trusted proxy that is not configured to set it (TRUST_PROXY_HOPS alone)", async () => {
    const { id, lines, all } = await behind(
      { TRUST_PROXY_HOPS: '1' },
      { 'x-forwarded-for': '203.0.113.7', 'x-request-id': 'forged-0123456789' },
    );
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines[0]).toMatchObject({ clientRequestId: 'forged-0123456789' });
    expect(all.filter((l) => l.requestId === 'forged-0123456789')).toEqual([]);
  });

  it("takes the request id from a proxy configured to set it (TRUST_PROXY_REQUEST_ID), and the caller's from X-Client-Request-Id", async () => {
    const { id, lines } = await behind(
      { TRUST_PROXY_HOPS: '1', TRUST_PROXY_REQUEST_ID: 'true' },
      { 'x-request-id': 'edge-0123456789', 'x-client-request-id': 'mine-0123456789' },
    );
    expect(id).toBe('edge-0123456789');
    expect(lines[0]).toMatchObject({ clientRequestId: 'mine-0123456789' });
  });
});
