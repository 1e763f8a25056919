import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { tempDir } from '@onboarding/test-support';
import express, { type NextFunction, type Request, type Response } from 'express';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { pino } from 'pino';
import { fakeTheClockOnly } from '../../../test/support/clock.js';
import { LogCapture } from '../../../test/support/logs.js';
import { pinoLoggerOf } from '../../../test/support/pino-logger.js';
import { rawGet } from '../../../test/support/raw-get.js';
import { TOOLING_PATHS } from '../../../test/support/tooling-paths.js';
import type { GatewayConfig } from '../../config/app-config.js';
import { ApiException } from '../errors/api-exception.js';
import { WebAppMiddleware } from './web-app.middleware.js';

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-3f9a1c.js"></script></head><body></body></html>';
const APP_JS = `console.log(${JSON.stringify('app '.repeat(400))})`;
const page = (route: string) => `<!doctype html><html><head><!-- ${route} --></head></html>`;

/** An asset as the build writes it: the file, and its brotli and gzip files beside it. */
function writeAsset(dist: string, name: string, text: string) {
  const file = path.join(dist, 'assets', name);
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

/** Sets index.html's modification time: a build is told from the one before by it. */
function stamp(dist: string, seconds: number) {
  const at = new Date(Date.UTC(2030, 0, 1) + seconds * 1000);
  fs.utimesSync(path.join(dist, 'index.html'), at, at);
}

/** A build as apps/web writes it: index.html, hashed assets, route pages and the tooling files. */
function build(dist: string, table: unknown = DEFAULT_TABLE) {
  for (const dir of ['assets', 'pages', '.vite'])
    fs.mkdirSync(path.join(dist, dir), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeAsset(dist, 'index-3f9a1c.js', APP_JS);
  fs.writeFileSync(path.join(dist, 'assets', 'index-3f9a1c.js.map'), '{"sources":["../src"]}');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  for (const route of ['remOmni-see_all2', 'addPrompt', 'promptDetail', 'login'])
    fs.writeFileSync(path.join(dist, 'pages', `${route}.html`), page(route));
  const text = typeof table === 'string' ? table : JSON.stringify(table);
  fs.writeFileSync(path.join(dist, 'pages.json'), text);
  fs.writeFileSync(path.join(dist, 'pages.json.br'), zlib.brotliCompressSync(text));
  fs.writeFileSync(path.join(dist, 'pages.json.gz'), zlib.gzipSync(text));
  fs.writeFileSync(path.join(dist, 'pages.map'), '~*^/login/?$ /pages/login.html;\n');
  fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{"src/app/main.tsx":{}}');
  // Files that only look like tooling files are the app's own.
  fs.writeFileSync(path.join(dist, 'mypages.json'), '{"mine":true}');
  fs.writeFileSync(path.join(dist, 'route.map.json'), '{"route":true}');
  stamp(dist, 0);
  return dist;
}

const DEFAULT_TABLE = [
  { pattern: '^/llm_service/prompts/add/?$', file: 'pages/addPrompt.html' },
  { pattern: '^/rem_omni/see_all/?$', file: 'pages/remOmni-see_all2.html' },
  { pattern: '^/llm_service/prompts/[^/]+/?$', file: 'pages/promptDetail.html' },
  { pattern: '^/login/?$', file: 'pages/login.html' },
];

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

describe('the web app middleware', () => {
  let servers: http.Server[] = [];
  let logs: LogCapture;
  beforeEach(() => {
    fakeTheClockOnly();
    logs = new LogCapture();
  });
  afterEach(async () => {
    jest.useRealTimers();
    for (const s of servers) await new Promise((resolve) => s.close(resolve));
    servers = [];
  });

  /**
   * The middleware ahead of what the gateway has after it: the API's routes (here a 404 naming
   * the path that got through) and the error filter.
   */
  async function serve(webDistDir: string, settings: Partial<GatewayConfig> = {}) {
    const app = express();
    const pages = new WebAppMiddleware(
      {
        devServer: false,
        publicOrigin: 'http://localhost:5173',
        webDistDir,
        ...settings,
      } as GatewayConfig,
      pinoLoggerOf(pino({ level: 'info' }, logs)),
    );
    app.use((req, res, next) => pages.use(req, res, next));
    app.all('/{*path}', (req, res) => res.status(404).json({ passedOn: req.path }));
    app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
      if (err instanceof ApiException)
        return void res.status(err.getStatus()).json({ code: err.code, message: err.message });
      const { status, code } = err as { status?: number; code?: string };
      res.status(500).json({ failed: { status, code } });
    });
    const server = app.listen(0, '127.0.0.1');
    servers.push(server);
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    /** A request of the path as written (fetch would resolve `..`), the body as latin1 text. */
    const get = (p: string, headers: Record<string, string> = {}, method = 'GET') =>
      new Promise<Answer>((resolve, reject) => {
        const req = http.request(`${base}${p}`, { method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode!,
              headers: res.headers,
              body: Buffer.concat(chunks).toString('latin1'),
            }),
          );
        });
        req.on('error', reject);
        req.end();
      });
    return Object.assign(get, { url: base });
  }

  const HTML = { accept: 'text/html,application/xhtml+xml' };
  const passedOn = (p: string) => ({ status: 404, body: JSON.stringify({ passedOn: p }) });
  const later = (ms: number) => jest.setSystemTime(Date.now() + ms);
  const warnings = (text: string) =>
    logs.find((l) => l.level === 40 && String(l.msg).includes(text));

  describe('with a built web app', () => {
    let dist: string;
    beforeEach(() => {
      dist = build(path.join(tempDir('web-app-'), 'dist'));
    });

    it("answers / and the app's routes with index.html, Cache-Control: no-cache", async () => {
      const get = await serve(dist);
      for (const route of [
        '/',
        '/setups',
        '/product/3/step_detail',
        '/login-help',
        '/apis',
        '/setups?x=1',
      ]) {
        const res = await get(route, HTML);
        expect({ route, status: res.status, body: res.body }).toEqual({
          route,
          status: 200,
          body: INDEX,
        });
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers['content-type']).toMatch(/^text\/html/);
      }
      // A browser's own */* (or no Accept at all) takes a page too, and so does HEAD.
      expect((await get('/setups', { accept: '*/*' })).body).toBe(INDEX);
      expect((await get('/setups')).body).toBe(INDEX);
      expect(await get('/setups', HTML, 'HEAD')).toMatchObject({ status: 200, body: '' });
    });

    it('answers a route with its own page, matched as the router does: any letter case, a trailing slash, the first match', async () => {
      const get = await serve(dist);
      const html = async (route: string) => {
        const res = await get(route, HTML);
        expect({ route, status: res.status, cache: res.headers['cache-control'] }).toEqual({
          route,
          status: 200,
          cache: 'no-cache',
        });
        return res.body;
      };
      expect(await html('/rem_omni/see_all')).toBe(page('remOmni-see_all2'));
      expect(await html('/REM_OMNI/See_All/?search=acme')).toBe(page('remOmni-see_all2'));
      expect(await html('/llm_service/prompts/add')).toBe(page('addPrompt'));
      expect(await html('/llm_service/prompts/42')).toBe(page('promptDetail'));
      expect(await html('/login')).toBe(page('login'));
      for (const other of ['/', '/rem_omni/see_all/more', '/no/such/screen'])
        expect(await html(other)).toBe(INDEX);
      expect(warnings('route pages table')).toEqual([]);
    });

    it("serves the build's files: hashed assets cached for a year, immutable, other files revalidated", async () => {
      const get = await serve(dist);
      const js = await get('/assets/index-3f9a1c.js');
      expect(js).toMatchObject({ status: 200, body: APP_JS });
      expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const icon = await get('/favicon.svg', { accept: 'image/*' });
      expect(icon).toMatchObject({ status: 200, body: '<svg/>' });
      expect(icon.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
      expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    });

    it("sends the build's brotli file to a browser that takes br, gzip to one that takes only gzip, the plain file otherwise", async () => {
      const get = await serve(dist);
      const file = path.join(dist, 'assets', 'index-3f9a1c.js');
      for (const [accept, encoding, body] of [
        ['gzip, deflate, br', 'br', fs.readFileSync(`${file}.br`)],
        ['br', 'br', fs.readFileSync(`${file}.br`)],
        ['gzip, deflate', 'gzip', fs.readFileSync(`${file}.gz`)],
        ['identity', undefined, Buffer.from(APP_JS)],
      ] as const) {
        const res = await rawGet(`${get.url}/assets/index-3f9a1c.js`, {
          'accept-encoding': accept,
        });
        expect({ accept, encoding: res.headers['content-encoding'] }).toEqual({ accept, encoding });
        expect(res.body.equals(body)).toBe(true);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
    });

    it('leaves /api and everything under it to the API, whatever the browser accepts', async () => {
      const get = await serve(dist);
      for (const p of ['/api', '/api/', '/api/config', '/api/proxy/x.js'])
        expect({ p, ...(await get(p, HTML)) }).toMatchObject({ p, ...passedOn(p) });
    });

    it("leaves writes to the API: a POST, PUT or DELETE on a page's path gets no page", async () => {
      const get = await serve(dist);
      for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS'])
        expect({ method, ...(await get('/setups', HTML, method)) }).toMatchObject({
          method,
          ...passedOn('/setups'),
        });
    });

    it("answers a missing asset, icon or other static file with 404, never the app's page", async () => {
      const get = await serve(dist);
      const accept = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
      for (const p of [
        '/assets/missing-000.js',
        '/assets/missing-page',
        '/favicon.ico',
        '/apple-touch-icon.png',
        '/site.webmanifest',
        '/robots.txt',
        '/sitemap.xml',
        '/x.svg',
        '/x.jpg',
        '/x.jpeg',
        '/x.gif',
        '/x.webp',
        '/x.avif',
        '/x.css',
        '/x.js',
        '/x.mjs',
        '/x.json',
        '/x.woff',
        '/x.woff2',
        '/x.ttf',
        '/X.PNG',
      ])
        expect({ p, ...(await get(p, { accept })) }).toMatchObject({ p, ...passedOn(p) });
      // A route that only has such a name inside it is a route.
      expect((await get('/notes.txt/edit', HTML)).body).toBe(INDEX);
      expect((await get('/prompts/summary.json5', HTML)).body).toBe(INDEX);
    });

    it('answers a page only to a browser that asks for HTML', async () => {
      const get = await serve(dist);
      expect(await get('/setups', { accept: 'application/json' })).toMatchObject(
        passedOn('/setups'),
      );
    });

    it('answers a path naming a folder of the build with the page, not a redirect', async () => {
      const get = await serve(dist);
      for (const p of ['/pages', '/assets'])
        expect({ p, ...(await get(p, HTML)) }).toMatchObject({ p, status: 200, body: INDEX });
    });

    it('answers source maps, the route-page table and Vite manifests exactly as a missing asset, however the path is written', async () => {
      const get = await serve(dist);
      for (const p of TOOLING_PATHS) {
        const res = await get(p, { accept: 'text/html,*/*', 'accept-encoding': 'br, gzip' });
        expect({ p, status: res.status, encoding: res.headers['content-encoding'] }).toEqual({
          p,
          status: 404,
          encoding: undefined,
        });
        expect(res.body).toMatch(/^\{"passedOn":/);
      }
      for (const p of ['/mypages.json', '/route.map.json'])
        expect({ p, status: (await get(p)).status }).toEqual({ p, status: 200 });
    });

    it('answers a malformed path with 400 VALIDATION_FAILED, not bare text', async () => {
      const get = await serve(dist);
      for (const p of ['/setups/%E0%A4%A', '/%', '/assets/%E0%A4%A.js']) {
        const res = await get(p, HTML);
        expect({ p, status: res.status, body: JSON.parse(res.body) as unknown }).toEqual({
          p,
          status: 400,
          body: { code: 'VALIDATION_FAILED', message: 'The request is malformed.' },
        });
      }
    });

    it('serves no file outside the build', async () => {
      const get = await serve(dist);
      fs.writeFileSync(path.join(dist, '..', 'secret.txt'), 'root:x:0:0');
      for (const p of ['/..%2fsecret.txt', '/assets/..%2f..%2fsecret.txt', '/%2e%2e/secret.txt'])
        expect((await get(p, { accept: '*/*' })).body).not.toContain('root:');
    });
  });

  describe('the route-page table', () => {
    it('is optional: without it every route gets index.html, and nothing is logged', async () => {
      const dist = build(path.join(tempDir('web-app-'), 'dist'));
      fs.rmSync(path.join(dist, 'pages.json'));
      const get = await serve(dist);
      expect((await get('/login', HTML)).body).toBe(INDEX);
      expect(logs.lines).toEqual([]);
    });

    /** A table whose first entry, for /x, is good: a bad one after it spoils the whole table. */
    const withEntry = (entry: unknown) =>
      JSON.stringify([{ pattern: '^/x$', file: 'pages/login.html' }, entry]);
    const entryMessage = (entry: unknown) =>
      `an entry without a pattern and a pages/*.html file: ${JSON.stringify(entry)}`;
    const badEntries: [string, unknown][] = [
      ['an entry without a pattern', { pattern: 1, file: 'pages/login.html' }],
      ['an entry without a file', { pattern: '^/login$', file: 7 }],
      ['a file outside the build', { pattern: '^/login$', file: '../../etc/passwd' }],
      ['a file in a folder of pages/', { pattern: '^/login$', file: 'pages/a/login.html' }],
      ['a file beside pages/', { pattern: '^/login$', file: 'xpages/login.html' }],
      ['a file under another name', { pattern: '^/login$', file: 'pages/login.html.bak' }],
      ['a file that is no page', { pattern: '^/login$', file: 'pages/login.htm' }],
    ];
    it.each([
      ['not a list', JSON.stringify({ pattern: '^/x$', file: 'pages/login.html' }), 'not an array'],
      ['not JSON', '[{"pattern":', expect.stringMatching(/JSON/)],
      ...badEntries.map(([label, entry]) => [label, withEntry(entry), entryMessage(entry)]),
    ])(
      'is refused as a whole when it has %s: index.html for every route, and a warning',
      async (_label, table, message) => {
        const dist = build(path.join(tempDir('web-app-'), 'dist'), table);
        const get = await serve(dist);
        expect((await get('/login', HTML)).body).toBe(INDEX);
        expect((await get('/x', HTML)).body).toBe(INDEX);
        expect(warnings('route pages table')).toEqual([
          expect.objectContaining({
            msg: 'the route pages table does not read: every route gets index.html',
            table: path.join(dist, 'pages.json'),
            err: expect.objectContaining({ message }),
          }),
        ]);
      },
    );
  });

  describe('the build changing under a running gateway', () => {
    it('says the web app is not built (503, no-store), once in the log, and leaves other requests alone', async () => {
      const dist = path.join(tempDir('web-app-'), 'a<b>&"c', 'dist');
      const get = await serve(dist);
      const res = await get('/setups', HTML);
      expect(res.status).toBe(503);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<h1>The web app is not built</h1>');
      // The folder is named, without what could make it markup.
      expect(res.body).toContain(
        `<code>${path.join(path.dirname(path.dirname(dist)), 'abc', 'dist')}</code>`,
      );
      expect(await get('/setups', { accept: 'application/json' })).toMatchObject(
        passedOn('/setups'),
      );
      expect(await get('/api/config', HTML)).toMatchObject(passedOn('/api/config'));
      later(5000);
      expect((await get('/', HTML)).status).toBe(503);
      expect(warnings('not built')).toEqual([
        expect.objectContaining({
          msg: 'the web app is not built: the gateway serves the API only',
          webDistDir: dist,
        }),
      ]);
    });

    it('warns of a missing build even to a request that does not ask for a page', async () => {
      const get = await serve(path.join(tempDir('web-app-'), 'dist'));
      await get('/x.js', { accept: '*/*;q=0.1, application/json' });
      await get('/setups', { accept: 'application/json' });
      expect(warnings('not built')).toHaveLength(1);
    });

    it('serves a build made after start within a second, without a restart', async () => {
      const dist = path.join(tempDir('web-app-'), 'dist');
      const get = await serve(dist);
      expect((await get('/login', HTML)).status).toBe(503);
      build(dist);
      later(999);
      expect((await get('/login', HTML)).status).toBe(503);
      later(1);
      expect(await get('/login', HTML)).toMatchObject({ status: 200, body: page('login') });
    });

    it("takes a new build's route pages and compressed files once its index.html is new, not before", async () => {
      const dist = build(path.join(tempDir('web-app-'), 'dist'));
      const get = await serve(dist);
      expect((await get('/login', HTML)).body).toBe(page('login'));
      writeAsset(dist, 'index-7b2e4d.js', APP_JS.replace('app', 'new app'));
      fs.writeFileSync(
        path.join(dist, 'pages.json'),
        JSON.stringify([{ pattern: '^/login$', file: 'pages/addPrompt.html' }]),
      );
      later(1000);
      // Until index.html changes, it is the same build.
      expect((await get('/login', HTML)).body).toBe(page('login'));
      expect(
        (await get('/assets/index-7b2e4d.js', { 'accept-encoding': 'br' })).headers[
          'content-encoding'
        ],
      ).toBeUndefined();
      stamp(dist, 10);
      later(1000);
      expect((await get('/login', HTML)).body).toBe(page('addPrompt'));
      const js = await rawGet(`${get.url}/assets/index-7b2e4d.js`, { 'accept-encoding': 'br' });
      expect(js.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(js.body).toString()).toBe(APP_JS.replace('app', 'new app'));
    });

    it('looks again at once when the page it would send has gone, and serves the build again once it is back', async () => {
      const dist = build(path.join(tempDir('web-app-'), 'dist'));
      const get = await serve(dist);
      expect((await get('/setups', HTML)).body).toBe(INDEX);
      fs.renameSync(path.join(dist, 'index.html'), path.join(dist, 'index.old'));
      // Within the second: the page is gone, so the error goes on to the filter…
      expect(await get('/setups', HTML)).toMatchObject({
        status: 500,
        body: JSON.stringify({ failed: { status: 404, code: 'ENOENT' } }),
      });
      // …and the next request, in the same second, finds no build.
      expect((await get('/setups', HTML)).status).toBe(503);
      fs.renameSync(path.join(dist, 'index.old'), path.join(dist, 'index.html'));
      later(1000);
      expect(await get('/setups', HTML)).toMatchObject({ status: 200, body: INDEX });
    });
  });

  describe('under npm run dev (DEV_SERVER_URL)', () => {
    it("sends a page asked for on the gateway's port to the dev server, at the same path and query", async () => {
      const get = await serve(path.join(tempDir('web-app-'), 'dist'), { devServer: true });
      for (const p of ['/', '/setups?search=acme&page=2', '/favicon.ico']) {
        const res = await get(p, HTML);
        expect({ p, status: res.status, location: res.headers.location }).toEqual({
          p,
          status: 302,
          location: `http://localhost:5173${p}`,
        });
        expect(res.headers['cache-control']).toBe('no-store');
      }
      expect((await get('/setups', HTML, 'HEAD')).status).toBe(302);
      expect(logs.lines).toEqual([]);
    });

    it('leaves the API and writes to the gateway', async () => {
      const get = await serve(path.join(tempDir('web-app-'), 'dist'), { devServer: true });
      for (const p of ['/api', '/api/config'])
        expect({ p, ...(await get(p, HTML)) }).toMatchObject({ p, ...passedOn(p) });
      expect(await get('/apis', HTML)).toMatchObject({ status: 302 });
      for (const method of ['POST', 'DELETE'])
        expect({ method, ...(await get('/setups', HTML, method)) }).toMatchObject({
          method,
          ...passedOn('/setups'),
        });
    });
  });
});
