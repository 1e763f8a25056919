import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_DATA_DIR, readSandboxEnv } from '../src/config/env.js';
import type { RunningSandbox } from '../src/sandbox.js';
import { call, startTestSandbox } from './support.js';

describe('configuration', () => {
  it('works with no configuration at all', () => {
    const env = readSandboxEnv({});
    expect(env).toMatchObject({
      port: 4010,
      host: '127.0.0.1',
      adminPort: undefined,
      stepMs: 10_000,
      failureRate: 0.15,
      publicUrl: undefined,
      clientSecret: 'sandbox-client-secret',
      redirectUris: ['http://localhost:8080/api/sso/callback'],
      postLogoutRedirectUris: ['http://localhost:8080/login'],
    });
    expect(env.dataDir).toBe(DEFAULT_DATA_DIR);
    expect(DEFAULT_DATA_DIR.endsWith(path.join('.data', 'sandbox'))).toBe(true);
  });

  it("follows the gateway's public URL and client secret unless the sandbox's own are set", () => {
    const env = readSandboxEnv({
      PUBLIC_URL: 'https://console.example.com/',
      OIDC_CLIENT_SECRET: 'shared-secret-value',
      SANDBOX_PUBLIC_URL: 'http://sandbox.local:4010/',
    });
    expect(env.redirectUris).toEqual(['https://console.example.com/api/sso/callback']);
    expect(env.postLogoutRedirectUris).toEqual(['https://console.example.com/login']);
    expect(env.clientSecret).toBe('shared-secret-value');
    expect(env.publicUrl).toBe('http://sandbox.local:4010');
    const own = readSandboxEnv({
      SANDBOX_OIDC_CLIENT_SECRET: 'sandbox-own-secret',
      OIDC_CLIENT_SECRET: 'shared-secret-value',
      SANDBOX_OIDC_REDIRECT_URIS: 'http://a.test/cb, http://b.test/cb',
      SANDBOX_ADMIN_PORT: '4011',
      SANDBOX_STEP_MS: '20',
      SANDBOX_FAILURE_RATE: '0',
    });
    expect(own).toMatchObject({
      clientSecret: 'sandbox-own-secret',
      redirectUris: ['http://a.test/cb', 'http://b.test/cb'],
      adminPort: 4011,
      stepMs: 20,
      failureRate: 0,
    });
  });

  it('stops with one line naming the bad variable', () => {
    expect(() => readSandboxEnv({ SANDBOX_FAILURE_RATE: '2' })).toThrow(
      /^Invalid sandbox configuration: SANDBOX_FAILURE_RATE: /,
    );
    expect(() => readSandboxEnv({ SANDBOX_PORT: 'http' })).toThrow(/SANDBOX_PORT/);
    expect(() => readSandboxEnv({ SANDBOX_OIDC_REDIRECT_URIS: 'not a url' })).toThrow(
      /SANDBOX_OIDC_REDIRECT_URIS/,
    );
  });
});

describe('the sandbox service', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(() => sandbox.close());

  it('reports itself healthy and exposes its base URLs', async () => {
    const res = await call<{ status: string }>(sandbox, 'GET', '/health');
    expect(res).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(sandbox.url).toBe(`http://localhost:${sandbox.port}`);
    expect(sandbox.customerSetupUrl).toBe(`${sandbox.url}/customer-setup`);
    expect(sandbox.llmUrl).toBe(`${sandbox.url}/llm`);
    expect(sandbox.issuer).toBe(`${sandbox.url}/oidc`);
    expect(sandbox.adminUrl).toBeUndefined();
  });

  it("serves a dashboard page for a client's category leaderboard link and deeper paths", async () => {
    const res = await fetch(`${sandbox.url}/dashboard/1001/category-leaderboard`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain('<h1>Blue Harbor Foods</h1>');
    expect(html).toContain('category-leaderboard');
    const deeper = await fetch(
      `${sandbox.url}/dashboard/acme%20foods/digital-shelf/amazon/overview`,
    );
    expect(await deeper.text()).toContain('digital-shelf / amazon / overview');
  });

  it('answers unknown operations and malformed JSON with a JSON message', async () => {
    const unknown = await call<{ message: string }>(
      sandbox,
      'POST',
      '/customer-setup/rem_omni/dropTables',
      {},
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(
      'No such operation: POST /customer-setup/rem_omni/dropTables',
    );
    const wrongMethod = await call<{ message: string }>(
      sandbox,
      'GET',
      '/customer-setup/rem_omni/allSetup',
    );
    expect(wrongMethod.status).toBe(404);
    const res = await fetch(`${sandbox.url}/customer-setup/rem_omni/allSetup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"searchText": ',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'The body is not valid JSON' });
  });

  it('closes cleanly: the port stops answering', async () => {
    const other = await startTestSandbox();
    await other.close();
    await expect(fetch(`${other.url}/health`)).rejects.toThrow();
    await other.close();
  });
});
