import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Browser } from '../src/index.js';

/** A real HTTP server: sets cookies, echoes the Cookie header, serves a form, reads a post. */
function site(): http.Server {
  return http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/set') {
      res.setHeader('set-cookie', [
        'sid=abc; Path=/; HttpOnly; SameSite=Lax',
        'scoped=1; Path=/api',
      ]);
      res.end('ok');
    } else if (url.pathname === '/forget') {
      res.setHeader('set-cookie', 'sid=; Path=/; Max-Age=0');
      res.end('ok');
    } else if (url.pathname === '/form') {
      res.setHeader('content-type', 'text/html');
      res.end(
        '<form method="post" action="/submit?a=1&amp;b=2">' +
          '<input type="hidden" name="token" value="&amp;lt;t&amp;gt;">' +
          '<input name="email" value="a@b.example"></form>',
      );
    } else if (url.pathname === '/submit') {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        res.statusCode = 303;
        res.setHeader('location', `/landed?${url.searchParams.toString()}&${body}`);
        res.end();
      });
    } else {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ path: url.pathname, cookie: req.headers.cookie ?? null }));
    }
  });
}

describe('Browser (a fetch browser with a cookie jar)', () => {
  const server = site();
  let base = '';

  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('sends a cookie back only under its path, keeps its attributes, and forgets it at Max-Age=0', async () => {
    const browser = new Browser(base);
    await browser.get(`${base}/set`);
    expect(browser.cookie('sid')).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect((await browser.get(`${base}/other`)).json).toEqual({
      path: '/other',
      cookie: 'sid=abc',
    });
    expect((await browser.get(`${base}/api/x`)).json).toEqual({
      path: '/api/x',
      cookie: 'sid=abc; scoped=1',
    });
    await browser.get(`${base}/forget`);
    expect(browser.cookie('sid')).toBeUndefined();
    expect((await browser.get(`${base}/other`)).json).toEqual({ path: '/other', cookie: null });
  });

  it('submits a page’s form with its inputs, entities decoded once, and follows the redirect', async () => {
    const browser = new Browser(base);
    const [page] = await browser.navigate(`${base}/form`);
    const hops = await browser.submitForm(page!, { email: 'c@d.example' });
    expect(hops.map((h) => h.status)).toEqual([303, 200]);
    const landed = new URL(hops[1]!.url);
    expect(landed.pathname).toBe('/landed');
    expect(Object.fromEntries(landed.searchParams)).toEqual({
      a: '1',
      b: '2',
      token: '&lt;t&gt;',
      email: 'c@d.example',
    });
  });
});
