import { describe, expect, it } from '@jest/globals';
import { freePort, waitFor } from '@onboarding/test-support';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/config/app-config.js';
import { builtGateway, PRODUCTION_ENV, spawnGateway, tempDir } from './support/gateway.js';

/** The built gateway with only this environment (an undefined value: the variable unset). */
function start(env: Record<string, string | undefined>) {
  return spawnSync(process.execPath, [builtGateway()], {
    env: withoutUnset({ PATH: process.env.PATH, DATA_DIR: tempDir(), ...env }),
    encoding: 'utf8',
    timeout: 15_000,
  });
}

const withoutUnset = (env: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined));

/** Every refusal below changes exactly one of the production settings. */
const PRODUCTION = PRODUCTION_ENV;

describe('configuration at start', () => {
  it('runs against the sandbox with no configuration at all', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(8080);
    expect(config.publicOrigin).toBe('http://localhost:8080');
    expect(config.oidc).toMatchObject({
      issuer: 'http://localhost:4010/oidc',
      clientId: 'onboarding-console',
      clientSecret: 'sandbox-client-secret',
      redirectUri: 'http://localhost:8080/api/sso/callback',
      allowedEmailDomains: [],
    });
    expect(config.upstreams).toEqual({
      'customer-setup': 'http://localhost:4010/customer-setup',
      llm: 'http://localhost:4010/llm',
    });
    expect(config.upstream.timeoutMs).toBe(15_000);
    expect(config.dashboardBaseUrl).toBe('http://localhost:4010/dashboard');
    expect(config.session.store).toBe('sqlite');
    // Local http: no Secure cookie (the browser would drop it), no __Host- prefix.
    expect(config.session.cookieName).toBe('onboarding.sid');
    expect(config.session.secureCookie).toBe(false);
    // No proxy trusted: X-Forwarded-For counts for nothing.
    expect(config.trustProxyHops).toBe(0);
  });

  it('uses a Secure __Host- cookie outside local development', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), PUBLIC_URL: 'https://console.example.com' });
    expect(config.session.cookieName).toBe('__Host-onboarding.sid');
    expect(config.session.secureCookie).toBe(true);
  });

  it('generates the session secret once into the data dir, readable by the owner only', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).session.secret;
    const file = path.join(dir, 'session-secret');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).session.secret).toBe(first);
  });

  it('reads the allowed e-mail domains as a comma list', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      ALLOWED_EMAIL_DOMAINS: ' Example.com, @corp.example ',
    });
    expect(config.oidc.allowedEmailDomains).toEqual(['example.com', 'corp.example']);
  });

  it.each([
    [{ PORT: 'eighty' }, /^Invalid configuration: PORT /],
    [{ PUBLIC_URL: 'ftp://x' }, /^Invalid configuration: PUBLIC_URL /],
    [
      { SESSION_STORE: 'memcached' },
      /^Invalid configuration: SESSION_STORE must be sqlite or redis/,
    ],
    [
      { SESSION_STORE: 'redis' },
      /^Invalid configuration: REDIS_URL is required when SESSION_STORE=redis/,
    ],
    [{ UPSTREAM_TIMEOUT_MS: '-5' }, /^Invalid configuration: UPSTREAM_TIMEOUT_MS /],
    [{ ALLOWED_EMAIL_DOMAINS: 'not a domain' }, /^Invalid configuration: ALLOWED_EMAIL_DOMAINS /],
    [
      { SESSION_SECRET: 'short' },
      /^Invalid configuration: SESSION_SECRET must be at least 32 characters$/,
    ],
    [
      { TRUST_PROXY_HOPS: 'all' },
      /^Invalid configuration: TRUST_PROXY_HOPS must be a number of proxies from 0 to 10 \(got "all"\)$/,
    ],
    [
      { TRUST_PROXY_HOPS: '-1' },
      /^Invalid configuration: TRUST_PROXY_HOPS must be a number of proxies from 0 to 10/,
    ],
    [
      { TRUST_PROXY_REQUEST_ID: 'true' },
      /^Invalid configuration: TRUST_PROXY_REQUEST_ID needs TRUST_PROXY_HOPS of 1 or more/,
    ],
    [
      { TRUST_PROXY_HOPS: '1', TRUST_PROXY_REQUEST_ID: 'yes' },
      /^Invalid configuration: TRUST_PROXY_REQUEST_ID must be true or false/,
    ],
    [
      { UPSTREAM_RESPONSE_VALIDATION: 'maybe' },
      /^Invalid configuration: UPSTREAM_RESPONSE_VALIDATION /,
    ],
  ])('stops start-up with one line naming the variable: %j', (env, line) => {
    const result = start(env);
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(line);
    // A secret is never echoed back.
    expect(result.stderr).not.toContain('short');
  });

  it('logs a start that fails past its configuration as one JSON line with the cause, and exits non-zero', () => {
    const dataDir = tempDir();
    // The session file's place is taken by a directory: SQLite cannot open it.
    fs.mkdirSync(path.join(dataDir, 'sessions.sqlite'));
    const result = start({ DATA_DIR: dataDir, FLEET_REFRESH_SECONDS: 'off' });
    expect(result.status).not.toBe(0);
    const lines = result.stdout.split('\n').filter((l) => l.trim());
    for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
    const failed = lines.map((l) => JSON.parse(l) as Record<string, unknown>).at(-1);
    expect(failed).toMatchObject({
      level: 'fatal',
      msg: 'gateway failed to start',
      err: { type: 'SqliteError', stack: expect.any(String) },
    });
  });
});

describe('configuration in production (NODE_ENV=production)', () => {
  it.each([
    [
      'PUBLIC_URL over plain http',
      { PUBLIC_URL: 'http://console.example.com' },
      'PUBLIC_URL must be https when NODE_ENV=production: set the https origin operators open the console at (got "http://console.example.com")',
    ],
    [
      'SESSION_SECRET missing',
      { SESSION_SECRET: undefined },
      'SESSION_SECRET is required when NODE_ENV=production: set at least 32 random characters, the same on every gateway process (e.g. the output of openssl rand -base64 48)',
    ],
    [
      'OIDC_ISSUER over plain http',
      { OIDC_ISSUER: 'http://idp.example.com/oidc' },
      'OIDC_ISSUER must be https when NODE_ENV=production: set the https issuer URL of your identity provider (got "http://idp.example.com/oidc")',
    ],
    [
      "OIDC_CLIENT_SECRET set to the sandbox's",
      { OIDC_CLIENT_SECRET: 'sandbox-client-secret' },
      "OIDC_CLIENT_SECRET is the sandbox's when NODE_ENV=production: set the secret your identity provider issued to this client",
    ],
    [
      "OIDC_CLIENT_SECRET unset (the sandbox's by default)",
      { OIDC_CLIENT_SECRET: undefined },
      "OIDC_CLIENT_SECRET is the sandbox's when NODE_ENV=production: set the secret your identity provider issued to this client",
    ],
    [
      "CUSTOMER_SETUP_API_URL unset (the sandbox's only on one machine)",
      { CUSTOMER_SETUP_API_URL: undefined },
      'CUSTOMER_SETUP_API_URL is required when NODE_ENV=production: set the https URL of the customer-setup API',
    ],
    [
      'LLM_API_URL over plain http',
      { LLM_API_URL: 'http://llm.internal:8080' },
      'LLM_API_URL must be https when NODE_ENV=production: set the https URL of the LLM API, or, for plain http on an internal network, add LLM_API_URL to ALLOW_HTTP_UPSTREAMS (got "http://llm.internal:8080")',
    ],
    [
      'DASHBOARD_BASE_URL over plain http, ALLOW_HTTP_UPSTREAMS naming only the others',
      {
        DASHBOARD_BASE_URL: 'http://dashboards.internal',
        ALLOW_HTTP_UPSTREAMS: 'CUSTOMER_SETUP_API_URL,LLM_API_URL',
      },
      'DASHBOARD_BASE_URL must be https when NODE_ENV=production: set the https URL of the client dashboards, or, for plain http on an internal network, add DASHBOARD_BASE_URL to ALLOW_HTTP_UPSTREAMS (got "http://dashboards.internal")',
    ],
    [
      'ALLOW_HTTP_UPSTREAMS naming a variable it cannot allow http for',
      { ALLOW_HTTP_UPSTREAMS: 'LLM_API_URL,OIDC_ISSUER' },
      'ALLOW_HTTP_UPSTREAMS cannot allow http for "OIDC_ISSUER": name only CUSTOMER_SETUP_API_URL, LLM_API_URL or DASHBOARD_BASE_URL (got "LLM_API_URL,OIDC_ISSUER")',
    ],
  ])('refuses to start with one line naming the variable: %s', (_case, unsafe, line) => {
    const result = start({ ...PRODUCTION, ...unsafe });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([`Invalid configuration: ${line}`]);
  });

  it('starts once every setting is safe, its API docs behind a session by default', async () => {
    const gw = await spawnGateway(PRODUCTION);
    try {
      expect((await fetch(`${gw.url}/api/health`)).status).toBe(200);
      const docs = await fetch(`${gw.url}/api/docs-json`);
      expect(docs.status).toBe(401);
      expect(((await docs.json()) as { error: { code: string } }).error.code).toBe(
        'UNAUTHENTICATED',
      );
    } finally {
      gw.kill('SIGKILL');
      await gw.exited;
    }
  });

  it('starts with plain-http service URLs that ALLOW_HTTP_UPSTREAMS names (an internal network)', async () => {
    const gw = await spawnGateway({
      ...PRODUCTION,
      CUSTOMER_SETUP_API_URL: 'http://customer-setup.internal:8080',
      LLM_API_URL: 'http://llm.internal:8080',
      DASHBOARD_BASE_URL: 'http://dashboards.internal',
      ALLOW_HTTP_UPSTREAMS: 'CUSTOMER_SETUP_API_URL, LLM_API_URL, DASHBOARD_BASE_URL',
    });
    try {
      expect((await fetch(`${gw.url}/api/health`)).status).toBe(200);
    } finally {
      gw.kill('SIGKILL');
      await gw.exited;
    }
  });

  it('resolves API_DOCS to session in production and open on one machine, unless set', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir }).apiDocs).toBe('open');
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'test' }).apiDocs).toBe('open');
    expect(loadConfig({ DATA_DIR: dir, ...PRODUCTION }).apiDocs).toBe('session');
    expect(loadConfig({ DATA_DIR: dir, ...PRODUCTION, API_DOCS: 'off' }).apiDocs).toBe('off');
    expect(loadConfig({ DATA_DIR: dir, API_DOCS: 'session' }).apiDocs).toBe('session');
  });
});

describe('one-machine mode', () => {
  it('runs with nothing set (NODE_ENV unset: development), its API docs open', async () => {
    // Only a free port and a scratch data dir, so that the test leaves the repository's alone.
    const port = await freePort();
    const child = spawn(process.execPath, [builtGateway()], {
      env: { PATH: process.env.PATH, PORT: String(port), DATA_DIR: tempDir() },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const url = `http://127.0.0.1:${port}`;
    try {
      await waitFor(async () => (await fetch(`${url}/api/health`).catch(() => null))?.ok, {
        timeoutMs: 20_000,
        what: 'the gateway with no configuration',
      });
      expect((await fetch(`${url}/api/docs-json`)).status).toBe(200);
      expect((await fetch(`${url}/api/config`)).status).toBe(401);
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
  });
});

describe('credentials in configuration errors', () => {
  it.each([
    [
      'REDIS_URL',
      { SESSION_STORE: 'redis', REDIS_URL: 'http://ops:hunter2-redis@cache.internal:6379' },
      'Invalid configuration: REDIS_URL must be a redis:// or rediss:// URL (got "http://***@cache.internal:6379")',
    ],
    [
      'OIDC_ISSUER',
      { ...PRODUCTION, OIDC_ISSUER: 'http://console:hunter2-idp@idp.example.com/oidc' },
      'Invalid configuration: OIDC_ISSUER must be https when NODE_ENV=production: set the https issuer URL of your identity provider (got "http://***@idp.example.com/oidc")',
    ],
    [
      'CUSTOMER_SETUP_API_URL',
      { CUSTOMER_SETUP_API_URL: 'ftp://svc:hunter2-upstream@files.internal/' },
      'Invalid configuration: CUSTOMER_SETUP_API_URL must be an http(s) URL (got "ftp://***@files.internal/")',
    ],
    [
      'LLM_API_URL',
      { ...PRODUCTION, LLM_API_URL: 'http://svc:hunter2-llm@llm.internal' },
      'Invalid configuration: LLM_API_URL must be https when NODE_ENV=production: set the https URL of the LLM API, or, for plain http on an internal network, add LLM_API_URL to ALLOW_HTTP_UPSTREAMS (got "http://***@llm.internal")',
    ],
  ])('shows a bad %s without the userinfo of its URL', (_name, env, line) => {
    const result = start(env);
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([line]);
    expect(result.stderr).not.toContain('hunter2');
  });
});

describe('API_DOCS', () => {
  it.each([
    [
      { API_DOCS: 'yes' },
      'Invalid configuration: API_DOCS must be open, session or off (got "yes")',
    ],
    [
      { DOCS_ENABLED: 'false' },
      'Invalid configuration: DOCS_ENABLED is no longer read: set API_DOCS to open, session or off instead',
    ],
  ])('stops start-up with one line on %j', (env, line) => {
    const result = start(env);
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([line]);
  });
});
