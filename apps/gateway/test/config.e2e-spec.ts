import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/config/app-config.js';
import { GATEWAY_DIST, tempDir } from './support/gateway.js';

function start(env: Record<string, string>) {
  return spawnSync(process.execPath, [GATEWAY_DIST], {
    env: { PATH: process.env.PATH, DATA_DIR: tempDir(), ...env },
    encoding: 'utf8',
    timeout: 15_000,
  });
}

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
});
