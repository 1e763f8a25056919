import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { loadConfig } from '../src/config/app-config.js';
import {
  builtGateway,
  PRODUCTION_ENV,
  startGateway,
  tempDir,
  type TestGateway,
} from './support/gateway.js';
import { startSandbox, type RunningSandbox } from './support/sandbox.js';

/** The origin of Vite's dev server under `npm run dev` (README.md#develop). */
const DEV_ORIGIN = 'http://localhost:5173';
const DEV = { NODE_ENV: 'development', DEV_SERVER_URL: DEV_ORIGIN };

/** The built gateway's first line on stderr and its exit code, with only this environment. */
function start(env: Record<string, string>) {
  const result = spawnSync(process.execPath, [builtGateway()], {
    env: { PATH: process.env.PATH, DATA_DIR: tempDir(), ...env },
    encoding: 'utf8',
    timeout: 15_000,
  });
  return { status: result.status, lines: result.stderr.trim().split('\n') };
}

describe('the dev origin in configuration (DEV_SERVER_URL)', () => {
  it('makes the dev server the origin of the cookie, the same-origin check and the redirects', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), ...DEV });
    expect(config.devServer).toBe(true);
    expect(config.publicOrigin).toBe(DEV_ORIGIN);
    expect(config.oidc.redirectUri).toBe(`${DEV_ORIGIN}/api/sso/callback`);
    expect(config.oidc.postLogoutRedirectUri).toBe(`${DEV_ORIGIN}/login`);
    // Plain http on the loopback: a cookie the browser keeps without https.
    expect(config.session.cookieName).toBe('onboarding.sid');
    expect(config.session.secureCookie).toBe(false);
  });

  it('is off unless set: PUBLIC_URL stays the origin', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'development' });
    expect(config.devServer).toBe(false);
    expect(config.publicOrigin).toBe('http://localhost:8080');
  });

  it.each([
    ['production', { NODE_ENV: 'production' }],
    ['test', { NODE_ENV: 'test' }],
    ['production with every production setting safe', PRODUCTION_ENV],
  ])('refuses to start with it under NODE_ENV=%s', (_case, env) => {
    const result = start({ ...env, DEV_SERVER_URL: DEV_ORIGIN });
    expect(result.status).toBe(1);
    expect(result.lines).toEqual([
      'Invalid configuration: DEV_SERVER_URL is for npm run dev only: it needs NODE_ENV=development (unset it otherwise) (got "http://localhost:5173")',
    ]);
  });

  it.each([
    'https://localhost:5173',
    'http://console.example.com:5173',
    'http://192.168.1.20:5173',
    'http://localhost:5173/app',
  ])('accepts only an http origin on the loopback: refuses %s', (url) => {
    const result = start({ NODE_ENV: 'development', DEV_SERVER_URL: url });
    expect(result.status).toBe(1);
    expect(result.lines).toEqual([
      `Invalid configuration: DEV_SERVER_URL must be an http://localhost origin without a path, e.g. http://localhost:5173 (got "${url}")`,
    ]);
  });
});

describe('a gateway behind the dev server', () => {
  let sandbox: RunningSandbox;
  let dev: TestGateway;
  let plain: TestGateway;
  beforeAll(async () => {
    sandbox = await startSandbox([DEV_ORIGIN]);
    const upstreams = {
      OIDC_ISSUER: `${sandbox.url}/oidc`,
      CUSTOMER_SETUP_API_URL: `${sandbox.url}/customer-setup`,
      LLM_API_URL: `${sandbox.url}/llm`,
    };
    dev = await startGateway({ ...upstreams, ...DEV });
    // The same gateway without the dev settings (NODE_ENV=test, its own PUBLIC_URL).
    plain = await startGateway(upstreams);
  });
  afterAll(async () => {
    await dev?.close();
    await plain?.close();
    await sandbox?.close();
  });

  /** getAuthUrl as the web app on the dev server sends it (through Vite's proxy). */
  const getAuthUrl = (gw: TestGateway) =>
    fetch(`${gw.url}/api/sso/getAuthUrl`, {
      method: 'POST',
      headers: {
        origin: DEV_ORIGIN,
        'sec-fetch-site': 'same-origin',
        'x-requested-with': 'XMLHttpRequest',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ currentUrl: `${DEV_ORIGIN}/rem_omni/see_all`, email: 'a@b.example' }),
    });

  it('takes requests from the dev origin and sends the sign-in back to it', async () => {
    const res = await getAuthUrl(dev);
    expect(res.status).toBe(200);
    const authUrl = new URL((await res.json()) as string);
    expect(authUrl.origin).toBe(new URL(sandbox.url).origin);
    expect(authUrl.searchParams.get('redirect_uri')).toBe(`${DEV_ORIGIN}/api/sso/callback`);
  });

  it('refuses the dev origin without the dev settings (403)', async () => {
    const res = await getAuthUrl(plain);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('CSRF_REJECTED');
  });

  it('sends a page asked for on its own port to the dev server, and serves no build', async () => {
    const res = await fetch(`${dev.url}/rem_omni/see_all?page=2`, {
      redirect: 'manual',
      headers: { accept: 'text/html' },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${DEV_ORIGIN}/rem_omni/see_all?page=2`);
    expect((await fetch(`${dev.url}/api/health`)).status).toBe(200);
  });
});
