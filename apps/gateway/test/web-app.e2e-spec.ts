import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { startGateway, tempDir, type TestGateway } from './support/gateway.js';
import { rawGet } from './support/raw-get.js';
import { TOOLING_PATHS } from './support/tooling-paths.js';
import { waitFor } from '@onboarding/test-support';

const APP_JS = `console.log(${JSON.stringify('app '.repeat(400))})`;

/** An asset as the build writes it: the file, and its brotli and gzip files beside it. */
function writeAsset(dist: string, name: string, text: string) {
  const file = path.join(dist, 'assets', name);
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
  return file;
}

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-3f9a1c.js"></script></head><body><div id="root"></div></body></html>';

/** The one-machine mode: the built web app on the gateway's own origin. */
describe('serving the built web app', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    const dist = path.join(tempDir('web-'), 'dist');
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    writeAsset(dist, 'index-3f9a1c.js', APP_JS);
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
    gw = await startGateway({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await gw.close();
  });

  it('serves index.html at / with no-cache and the CSP', async () => {
    const res = await fetch(`${gw.url}/`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(INDEX);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('caches hashed assets for a year, immutable', async () => {
    const res = await fetch(`${gw.url}/assets/index-3f9a1c.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it("sends the build's brotli file to a browser that takes br, gzip to one that takes only gzip, the plain file otherwise", async () => {
    const url = `${gw.url}/assets/index-3f9a1c.js`;
    const file = path.join(gw.gateway.config.webDistDir, 'assets', 'index-3f9a1c.js');
    const cases = [
      { accept: 'gzip, deflate, br, zstd', encoding: 'br', body: fs.readFileSync(`${file}.br`) },
      { accept: 'gzip, deflate', encoding: 'gzip', body: fs.readFileSync(`${file}.gz`) },
      { accept: 'identity', encoding: undefined, body: Buffer.from(APP_JS) },
    ];
    for (const c of cases) {
      const res = await rawGet(url, { 'accept-encoding': c.accept });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(c.encoding);
      expect(res.headers['content-type']).toMatch(
        /^(text|application)\/javascript; charset=utf-8$/i,
      );
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      expect(res.body.equals(c.body)).toBe(true);
    }
    expect(Buffer.from(APP_JS).length).toBeGreaterThan(5 * fs.statSync(`${file}.br`).size);
  });

  it("serves a new build's compressed files without a restart", async () => {
    const dist = gw.gateway.config.webDistDir;
    writeAsset(dist, 'index-7b2e4d.js', APP_JS.replace('app', 'new app'));
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(path.join(dist, 'index.html'), later, later);
    const res = await waitFor(
      async () => {
        const answer = await rawGet(`${gw.url}/assets/index-7b2e4d.js`, {
          'accept-encoding': 'br',
        });
        return answer.headers['content-encoding'] === 'br' && answer;
      },
      { timeoutMs: 3000, what: "the new build's brotli file" },
    );
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(APP_JS.replace('app', 'new app'));
  });

  it('answers the SPA routes with index.html when the browser asks for a page', async () => {
    for (const route of ['/setups', '/product/3/step_detail', '/login?error=x']) {
      const res = await fetch(`${gw.url}${route}`, {
        headers: { accept: 'text/html,application/xhtml+xml' },
      });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(INDEX);
    }
  });

  it('answers a missing asset with 404, not index.html', async () => {
    const res = await fetch(`${gw.url}/assets/missing-000.js`, { headers: { accept: '*/*' } });
    expect(res.status).toBe(404);
  });

  it("serves the web app's icons as images, and a missing icon as a 404, never the app's page", async () => {
    // Chrome's own request for an icon: any type accepted, images first.
    const accept = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
    const dist = gw.gateway.config.webDistDir;
    const icon = fs.readFileSync(new URL('../../web/public/favicon.ico', import.meta.url));
    fs.writeFileSync(path.join(dist, 'favicon.ico'), icon);
    try {
      const ico = await fetch(`${gw.url}/favicon.ico`, { headers: { accept } });
      expect(ico.status).toBe(200);
      expect(ico.headers.get('content-type')).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
      expect(Buffer.from(await ico.arrayBuffer())).toEqual(icon);
      const svg = await fetch(`${gw.url}/favicon.svg`, { headers: { accept } });
      expect(svg.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    } finally {
      fs.rmSync(path.join(dist, 'favicon.ico'));
    }
    for (const missing of ['/favicon.ico', '/apple-touch-icon.png', '/site.webmanifest']) {
      const res = await fetch(`${gw.url}${missing}`, { headers: { accept } });
      expect({ missing, status: res.status }).toEqual({ missing, status: 404 });
      expect(res.headers.get('content-type')).not.toMatch(/html/);
    }
  });

  it('keeps /api/* out of the SPA fallback: JSON errors, never index.html', async () => {
    const res = await fetch(`${gw.url}/api/does-not-exist`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/json/);
  });

  it('does not serve files outside the dist folder', async () => {
    for (const p of [
      '/..%2f..%2f..%2fetc%2fpasswd',
      '/assets/..%2f..%2f..%2f..%2fetc%2fpasswd',
      '/%2e%2e/%2e%2e/etc/passwd',
    ]) {
      const res = await fetch(`${gw.url}${p}`, { headers: { accept: '*/*' } });
      expect(await res.text()).not.toContain('root:');
    }
  });
});

/** The build's route pages (apps/web/tooling/screen-pages.ts): a page per route and their table. */
describe("serving each route's own page", () => {
  const page = (route: string) =>
    `<!doctype html><html><head><link rel="modulepreload" href="/assets/${route}.js"></head></html>`;
  let gw: TestGateway;
  let dist: string;
  beforeAll(async () => {
    dist = path.join(tempDir('pages-'), 'dist');
    fs.mkdirSync(path.join(dist, 'pages'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    for (const route of ['addPrompt', 'promptDetail', 'remOmniSeeAll']) {
      fs.writeFileSync(path.join(dist, 'pages', `${route}.html`), page(route));
    }
    const table = [
      { route: 'addPrompt', pattern: '^/llm_service/prompts/add/?$', file: 'pages/addPrompt.html' },
      {
        route: 'remOmniSeeAll',
        pattern: '^/rem_omni/see_all/?$',
        file: 'pages/remOmniSeeAll.html',
      },
      {
        route: 'promptDetail',
        pattern: '^/llm_service/prompts/[^/]+/?$',
        file: 'pages/promptDetail.html',
      },
    ];
    fs.writeFileSync(path.join(dist, 'pages.json'), JSON.stringify(table));
    gw = await startGateway({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await gw.close();
  });

  const html = async (route: string) => {
    const res = await fetch(`${gw.url}${route}`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    return res.text();
  };

  it('answers a route with its page, matched as the router does: any letter case, a trailing slash, a static segment before a param', async () => {
    expect(await html('/rem_omni/see_all')).toBe(page('remOmniSeeAll'));
    expect(await html('/REM_OMNI/See_All/?search=acme')).toBe(page('remOmniSeeAll'));
    expect(await html('/llm_service/prompts/add')).toBe(page('addPrompt'));
    expect(await html('/llm_service/prompts/42')).toBe(page('promptDetail'));
    expect(await html('/llm_service/prompts/add%20on')).toBe(page('promptDetail'));
  });

  it('answers any other path with index.html', async () => {
    for (const route of ['/', '/rem_omni/see_all/more', '/no/such/screen']) {
      expect(await html(route)).toBe(INDEX);
    }
  });

  it('serves index.html for every route, with one warning, when the table does not read', async () => {
    const other = path.join(tempDir('bad-pages-'), 'dist');
    fs.mkdirSync(path.join(other, 'pages'), { recursive: true });
    fs.writeFileSync(path.join(other, 'index.html'), INDEX);
    fs.writeFileSync(path.join(other, 'pages', 'x.html'), page('x'));
    fs.writeFileSync(
      path.join(other, 'pages.json'),
      '[{"pattern": "^/x$", "file": "../../etc/passwd"}]',
    );
    const bad = await startGateway({ WEB_DIST_DIR: other });
    try {
      const res = await fetch(`${bad.url}/x`, { headers: { accept: 'text/html' } });
      expect(await res.text()).toBe(INDEX);
      const warnings = bad.logs.find((l) => String(l.msg).includes('route pages table'));
      expect(warnings).toHaveLength(1);
    } finally {
      await bad.close();
    }
  });
});

/** What the build writes for tooling beside the app: source maps, the route-page table. */
describe('keeping the build files for tooling from browsers', () => {
  const LOGIN_PAGE = INDEX.replace('<body>', '<body><!-- login -->');
  let gw: TestGateway;
  beforeAll(async () => {
    const dist = path.join(tempDir('tooling-'), 'dist');
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.mkdirSync(path.join(dist, 'pages'));
    fs.mkdirSync(path.join(dist, '.vite'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    writeAsset(dist, 'index-3f9a1c.js', `${APP_JS}\n//# sourceMappingURL=index-3f9a1c.js.map`);
    fs.writeFileSync(path.join(dist, 'assets', 'index-3f9a1c.js.map'), '{"sources":["../src"]}');
    fs.writeFileSync(path.join(dist, 'pages', 'login.html'), LOGIN_PAGE);
    // The table as the build writes it, with its brotli and gzip files (it is over 1 KB).
    const table = JSON.stringify([{ pattern: '^/login/?$', file: 'pages/login.html' }]);
    fs.writeFileSync(path.join(dist, 'pages.json'), table);
    fs.writeFileSync(path.join(dist, 'pages.json.br'), zlib.brotliCompressSync(table));
    fs.writeFileSync(path.join(dist, 'pages.json.gz'), zlib.gzipSync(table));
    fs.writeFileSync(path.join(dist, 'pages.map'), '~*^/login/?$ /pages/login.html;\n');
    fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{"src/app/main.tsx":{}}');
    gw = await startGateway({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await gw.close();
  });

  /** A GET of the path as written (fetch would resolve `..`), as a browser asks for a page. */
  const get = async (p: string) => {
    const res = await rawGet(`${gw.url}${p}`, {
      accept: 'text/html,*/*',
      'accept-encoding': 'br, gzip',
    });
    const body = res.body.toString('latin1');
    const { date: _date, 'x-request-id': requestId, ...headers } = res.headers;
    return { status: res.status, headers, body: body.replaceAll(String(requestId), '<id>') };
  };

  it('answers source maps, the route-page table and Vite manifests exactly as a missing asset (404), however the path is written', async () => {
    const missing = await get('/assets/index-000000.js');
    expect(missing.status).toBe(404);
    for (const p of TOOLING_PATHS) expect({ p, ...(await get(p)) }).toEqual({ p, ...missing });
  });

  it('answers a malformed URL with the API error envelope (400), not bare text', async () => {
    for (const p of [
      '/setups/%E0%A4%A',
      '/%',
      '/assets/%E0%A4%A.js',
      '/api/proxy/llm/prompts/get/%E0%A4%A',
    ]) {
      const res = await get(p);
      expect({ p, status: res.status, type: res.headers['content-type'] }).toEqual({
        p,
        status: 400,
        type: 'application/json; charset=utf-8',
      });
      expect(JSON.parse(res.body)).toEqual({
        error: {
          code: 'VALIDATION_FAILED',
          message: 'The request is malformed.',
          requestId: '<id>',
        },
      });
    }
  });

  it('still serves the app: its scripts, index.html and the route pages', async () => {
    expect((await get('/assets/index-3f9a1c.js')).status).toBe(200);
    expect(await get('/')).toMatchObject({ status: 200, body: INDEX });
    expect(await get('/login')).toMatchObject({ status: 200, body: LOGIN_PAGE });
  });
});

describe('without a built web app', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startGateway({ WEB_DIST_DIR: path.join(tempDir('none-'), 'dist') });
  });
  afterAll(async () => {
    await gw.close();
  });

  it('says so on / and in the log, and keeps the API working', async () => {
    const res = await fetch(`${gw.url}/`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('The web app is not built');
    expect(gw.logs.find((l) => String(l.msg).includes('web app is not built'))).toHaveLength(1);
    expect((await fetch(`${gw.url}/api/health`)).status).toBe(200);
    expect((await fetch(`${gw.url}/api/config`)).status).toBe(401);
  });

  it('serves the web app once it is built, without a restart', async () => {
    const dist = gw.gateway.config.webDistDir;
    fs.mkdirSync(dist, { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>built later</title>');
    try {
      const page = await waitFor(
        async () => {
          const res = await fetch(`${gw.url}/setups`, { headers: { accept: 'text/html' } });
          const text = await res.text();
          return res.status === 200 && text.includes('built later') && text;
        },
        { timeoutMs: 3000, what: 'the web app built later' },
      );
      expect(page).toBe('<!doctype html><title>built later</title>');
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
