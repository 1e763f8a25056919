import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiErrorSchema } from '@onboarding/contracts';
import { freePort, waitFor } from '@onboarding/test-support';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { type ComposeConfig, serviceEnv } from './support/compose.js';
import { Dockerfile } from './support/dockerfile.js';
import { builtWebApp } from './support/web-app.js';
import {
  gatewayLocal,
  type ImageProcess,
  IMAGE_WORKDIR,
  loggedRequestIds,
  runImage,
  webTemplateVars,
} from './support/images.js';
import { type RunningNginx, startNginx } from './support/nginx.js';

const HSTS = 'max-age=31536000; includeSubDomains';

/** Headers every response has, whatever sent it: not security headers. */
const GENERIC = new Set([
  'content-type',
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'x-request-id',
  'cache-control',
  'pragma',
  'etag',
  'vary',
  'transfer-encoding',
]);

/**
 * The web image's nginx (docker/web/default.conf.template, rendered as the image renders it)
 * in front of the gateway image's command, both run here without Docker.
 */
describe('the web image: nginx serving the app and proxying /api to the gateway image', () => {
  const dockerfile = Dockerfile.read();
  let compose: ComposeConfig;
  let gateway: ImageProcess;
  let nginx: RunningNginx;
  let plainHttp: RunningNginx | undefined;
  let webRoot: string;
  let indexHtml: string;
  let asset: string;

  /** The web image's template variables, with the web root copied here. */
  const webVars = (over: Record<string, string>) =>
    webTemplateVars(dockerfile, compose, {}, { NGINX_WEB_ROOT: webRoot, ...over });

  beforeAll(async () => {
    ({ webRoot, indexHtml, asset, compose } = builtWebApp());

    const nginxPort = await freePort();
    const gatewayPort = await freePort();
    // The gateway image on its own defaults (sessions in SQLite under DATA_DIR), but for
    // NODE_ENV (production refuses the sandbox's http issuer and an http PUBLIC_URL) and trusting
    // nginx in front of it as compose does (its X-Request-Id and X-Forwarded-For).
    gateway = await runImage({
      dockerfile,
      stage: 'gateway',
      local: gatewayLocal(gatewayPort, {
        PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
        NODE_ENV: 'development',
        TRUST_PROXY_HOPS: '1',
        TRUST_PROXY_REQUEST_ID: 'true',
      }),
      port: gatewayPort,
      healthPath: '/api/health',
      built: { file: 'apps/gateway/dist/main.js', workspace: '@onboarding/gateway' },
    });
    nginx = await startNginx(
      webVars({
        GATEWAY_SERVERS: `server 127.0.0.1:${gatewayPort};`,
        NGINX_HSTS: HSTS,
      }),
      { port: nginxPort },
    );
  }, 240_000);

  afterAll(async () => {
    await nginx?.stop();
    await plainHttp?.stop();
    await gateway?.dispose();
    if (webRoot) fs.rmSync(path.dirname(webRoot), { recursive: true, force: true });
  });

  it('serves index.html to be revalidated on every load (Cache-Control: no-cache)', async () => {
    for (const p of ['/', '/index.html']) {
      const res = await fetch(`${nginx.url}${p}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(indexHtml);
    }
  });

  it('serves hashed assets for a year as immutable, compressed; a missing asset is a 404, not the app', async () => {
    const res = await fetch(`${nginx.url}${asset}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(await res.text()).toBe(fs.readFileSync(path.join(webRoot, asset), 'utf8'));

    // The build's own gzip file (made once at build time), not one compressed per request.
    const raw = await new Promise<Buffer>((resolve, reject) => {
      http
        .get(`${nginx.url}${asset}`, { headers: { 'accept-encoding': 'gzip' } }, (r) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => resolve(Buffer.concat(chunks)));
        })
        .on('error', reject);
    });
    expect(raw.equals(fs.readFileSync(path.join(webRoot, `${asset}.gz`)))).toBe(true);

    const missing = await fetch(`${nginx.url}/assets/index-00000000.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBeNull();
    expect(await missing.text()).not.toBe(indexHtml);
  });

  it("answers the app's own routes with their pages and any other path with index.html, query strings included", async () => {
    const page = (route: string) =>
      fs.readFileSync(path.join(webRoot, 'pages', `${route}.html`), 'utf8');
    for (const [p, html] of [
      ['/rem_omni/see_all?search=acme', page('remOmniSeeAll')],
      ['/REM_OMNI/details/42/', page('remOmniSetupDetail')],
      ['/llm_service/prompts/add', page('addPrompt')],
      ['/llm_service/prompts/7', page('promptDetail')],
      ['/login?error=Sign%20in%20failed', page('login')],
      ['/setups/42/details', indexHtml],
      ['/rem_omni/see_all/more', indexHtml],
    ] as const) {
      const res = await fetch(`${nginx.url}${p}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect({ p, html: await res.text() }).toEqual({ p, html });
    }
  });

  it("sends every security header of the gateway with the app's files, with the gateway's values", async () => {
    const fromGateway = await fetch(`${gateway.url}/api/health`);
    const security = [...fromGateway.headers.entries()].filter(([name]) => !GENERIC.has(name));
    expect(security.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'content-security-policy',
        'x-content-type-options',
        'referrer-policy',
        'x-frame-options',
      ]),
    );
    expect(fromGateway.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    for (const p of ['/', '/setups/42', asset, '/assets/missing.js']) {
      const res = await fetch(`${nginx.url}${p}`);
      for (const [name, value] of security)
        expect([p, name, res.headers.get(name)]).toEqual([p, name, value]);
      // HSTS as configured for https (NGINX_HSTS); the gateway sends it when PUBLIC_URL is https.
      expect(res.headers.get('strict-transport-security')).toBe(HSTS);
      expect(res.headers.get('server')).toBe('nginx');
    }
  });

  it('sends no Strict-Transport-Security on plain http (compose leaves NGINX_HSTS empty)', async () => {
    expect(serviceEnv(compose, 'web').NGINX_HSTS).toBe('');
    plainHttp = await startNginx(webVars({ GATEWAY_SERVERS: `server 127.0.0.1:${gateway.port};` }));
    const res = await fetch(`${plainHttp.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it("passes /api to the gateway untouched: the gateway's headers once, no-store, one request id end to end", async () => {
    const direct = await fetch(`${gateway.url}/api/health`);
    const res = await fetch(`${nginx.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    // Exactly the gateway's header, not nginx's added on top of it.
    expect(res.headers.get('content-security-policy')).toBe(
      direct.headers.get('content-security-policy'),
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('strict-transport-security')).toBeNull();

    // nginx's request id reaches the gateway: the same id in both logs and in the answer.
    const id = res.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => loggedRequestIds(gateway.proc).get(id) === 200, {
      what: 'gateway log line',
    });
    await waitFor(
      () => nginx.accessLog().find((l) => l.requestId === id && l.path === '/api/health'),
      { what: 'nginx access log line' },
    );
    const line = nginx.accessLog().find((l) => l.requestId === id)!;
    expect(line).toMatchObject({ status: 200, upstream: `127.0.0.1:${gateway.port}` });
  });

  it("gives every request nginx's id, never the caller's: a caller's X-Request-Id is logged beside it as clientRequestId", async () => {
    const gatewayLine = (id: string) =>
      waitFor(
        () => gateway.proc.jsonLines().find((l) => l.requestId === id && l.res !== undefined),
        { what: `the gateway's log line of ${id}` },
      );
    const accessLine = (id: string) =>
      waitFor(() => nginx.accessLog().find((l) => l.requestId === id), {
        what: `the access line of ${id}`,
      });

    // Well formed: kept, but only as clientRequestId, in both logs.
    const traced = await fetch(`${nginx.url}/api/health`, {
      headers: { 'x-request-id': 'trace-0123456789' },
    });
    const id = traced.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(await gatewayLine(id)).toMatchObject({ clientRequestId: 'trace-0123456789' });
    expect(await accessLine(id)).toMatchObject({ clientRequestId: 'trace-0123456789' });

    // Malformed: dropped, never echoed or logged.
    const bad = await fetch(`${nginx.url}/api/health`, {
      headers: { 'x-request-id': 'bad"id<script>' },
    });
    const badId = bad.headers.get('x-request-id')!;
    expect(badId).toMatch(/^[0-9a-f]{32}$/);
    expect((await gatewayLine(badId)).clientRequestId).toBeUndefined();
    expect(await accessLine(badId)).toMatchObject({ clientRequestId: '' });

    // A caller cannot set the header nginx passes the caller's id in either.
    const forged = await fetch(`${nginx.url}/api/health`, {
      headers: { 'x-client-request-id': 'forged-0123456789' },
    });
    const forgedId = forged.headers.get('x-request-id')!;
    expect((await gatewayLine(forgedId)).clientRequestId).toBeUndefined();
  });

  it('answers source maps and the route-page table exactly as a missing asset: 404, never the file', async () => {
    // The build writes them (the bundle report reads the maps; the gateway and nginx the table).
    const map = `${asset}.map`;
    for (const file of [map, '/pages.json', '/pages.json.gz', '/pages.map'])
      expect([file, fs.existsSync(path.join(webRoot, file))]).toEqual([file, true]);
    /** A GET of the path exactly as written (fetch would resolve `..` and decode nothing). */
    const get = (p: string) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
        (resolve, reject) => {
          const headers = { accept: 'text/html,*/*', 'accept-encoding': 'gzip' };
          http
            .get(`${nginx.url}${p}`, { headers }, (r) => {
              let body = '';
              r.setEncoding('latin1');
              r.on('data', (c: string) => (body += c));
              r.on('end', () => {
                const { date: _date, ...rest } = r.headers;
                resolve({ status: r.statusCode ?? 0, headers: rest, body });
              });
            })
            .on('error', reject);
        },
      );
    const missing = await get('/assets/index-00000000.js');
    expect(missing.status).toBe(404);
    for (const p of [
      map,
      `${asset}%2Emap`,
      '/pages.json',
      '/pages.json.gz',
      '/pages.json.br',
      '/pages.map',
      '/PAGES.JSON',
      '/pages%2Ejson',
      '/assets/../pages.json',
      '//pages.map',
      '/.vite/manifest.json',
      '/rem_omni/see_all.map',
    ])
      expect({ p, ...(await get(p)) }).toEqual({ p, ...missing });
    // /api paths are the gateway's, whatever they end with.
    const api = await fetch(`${nginx.url}/api/does-not-exist.map`);
    expect(ApiErrorSchema.safeParse(await api.json()).success).toBe(true);
  });

  it("answers an unknown /api path with the gateway's JSON error, not the app", async () => {
    const res = await fetch(`${nginx.url}/api/does-not-exist`, {
      headers: { accept: 'text/html' },
    });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect([401, 404]).toContain(res.status);
    expect(ApiErrorSchema.safeParse(await res.json()).success).toBe(true);
  });

  it('has a HEALTHCHECK that passes while the gateway runs and fails once it has stopped', async () => {
    const hc = dockerfile.healthcheck('gateway');
    expect(hc).toBeDefined();
    const [cmd, ...args] = hc!.command as string[];
    const run = () =>
      spawnSync(cmd!, args, {
        cwd: IMAGE_WORKDIR,
        env: { PATH: process.env.PATH, ...gateway.env },
        timeout: 10_000,
      }).status;
    expect(run()).toBe(0);

    // docker stop: SIGTERM, the gateway drains and exits 0 …
    gateway.proc.signal('SIGTERM');
    expect(await gateway.proc.exited).toEqual({ code: 0, signal: null });
    expect(gateway.proc.jsonLines().map((l) => l.msg)).toContain('shut down');
    // … and the health check reports it.
    expect(run()).toBe(1);
  });

  it("answers the gateway's error envelope (503, Retry-After) when no replica is up", async () => {
    expect(gateway.proc.running).toBe(false);
    const started = Date.now();
    const res = await fetch(`${nginx.url}/api/config`);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('retry-after')).toBe('5');
    const body = ApiErrorSchema.parse(await res.json());
    expect(body.error.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(body.error.requestId).toBe(res.headers.get('x-request-id'));
  });
});
