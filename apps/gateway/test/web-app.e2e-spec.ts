import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { startGateway, tempDir, type TestGateway } from './support/gateway.js';
import { waitFor } from '@onboarding/test-support';

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-3f9a1c.js"></script></head><body><div id="root"></div></body></html>';

/** The one-machine mode: the built web app on the gateway's own origin. */
describe('serving the built web app', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    const dist = path.join(tempDir('web-'), 'dist');
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    fs.writeFileSync(path.join(dist, 'assets', 'index-3f9a1c.js'), 'console.log("app")');
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
      await waitFor(
        async () => {
          const res = await fetch(`${gw.url}/setups`, { headers: { accept: 'text/html' } });
          return res.status === 200 && (await res.text()).includes('built later');
        },
        { timeoutMs: 3000, what: 'the web app built later' },
      );
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
