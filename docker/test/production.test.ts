import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { freePort } from '@onboarding/test-support';
import fs from 'node:fs';
import { composeConfig, type ComposeConfig } from './support/compose.js';
import { Dockerfile } from './support/dockerfile.js';
import { gatewayLocal, startImage } from './support/images.js';
import type { Proc } from './support/processes.js';

const SECRET = 'production-test-secret-0123456789abcdefghij';
const REDIS_PASSWORD = 'production-test-redis-0123456789abcdef';
const GATEWAY_BUILD = { file: 'apps/gateway/dist/main.js', workspace: '@onboarding/gateway' };
/** The one line a refused start prints: the variable, never its value. */
const REFUSAL =
  /^Invalid configuration: (OIDC_ISSUER|OIDC_CLIENT_SECRET|SESSION_SECRET|PUBLIC_URL|CUSTOMER_SETUP_API_URL|LLM_API_URL|DASHBOARD_BASE_URL) \S.*$/;

/** Its exit, or a failure naming what it printed if it is still running after `ms`. */
async function exitOf(proc: Proc, ms = 20_000) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`still running after ${ms} ms: it did not refuse\n${proc.output()}`)),
      ms,
    );
  });
  try {
    return await Promise.race([proc.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The gateway image's command with NODE_ENV=production on what the compose demo and a bare
 * `docker run` give it: the sandbox's plain-http identity provider, client secret and upstreams,
 * plain-http PUBLIC_URL (and, bare, no SESSION_SECRET and no upstreams). Production refuses to
 * start on any of them.
 */
describe('the gateway image in production refuses the sandbox demo settings', () => {
  const dockerfile = Dockerfile.read();
  let compose: ComposeConfig;
  const started: { proc: Proc; dataDir: string }[] = [];

  beforeAll(() => {
    const result = composeConfig({ SESSION_SECRET: SECRET, REDIS_PASSWORD });
    if (!result.config) throw new Error(`${result.command}: ${result.stderr}`);
    compose = result.config;
  }, 120_000);

  afterEach(async () => {
    for (const { proc, dataDir } of started.splice(0)) {
      await proc.stop(2_000, 'SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('stops with one line naming the variable when the compose environment runs with NODE_ENV=production', async () => {
    const run = startImage({
      dockerfile,
      stage: 'gateway',
      compose: { config: compose, service: 'gateway-1' },
      local: gatewayLocal(await freePort(), { NODE_ENV: 'production' }),
      built: GATEWAY_BUILD,
    });
    started.push(run);
    expect(run.env).toMatchObject({
      NODE_ENV: 'production',
      OIDC_ISSUER: 'http://sandbox.localhost:4010/oidc',
      OIDC_CLIENT_SECRET: 'sandbox-client-secret',
      PUBLIC_URL: 'http://localhost:8080',
    });
    expect(await exitOf(run.proc)).toEqual({ code: 1, signal: null });
    const lines = run.proc.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(REFUSAL);
    expect(run.proc.stdout).toBe('');
    // No secret of that environment in the line, whichever variable it names.
    for (const secret of [SECRET, REDIS_PASSWORD, 'sandbox-client-secret'])
      expect(lines[0]).not.toContain(secret);
  });

  it("stops on the compose demo's plain-http upstreams once everything before them is set for production", async () => {
    const result = composeConfig({
      SESSION_SECRET: SECRET,
      REDIS_PASSWORD,
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://console.example.com',
      OIDC_ISSUER: 'https://idp.example.com/oidc',
      OIDC_CLIENT_SECRET: 'the-secret-the-idp-issued-to-the-console',
    });
    if (!result.config) throw new Error(`${result.command}: ${result.stderr}`);
    const run = startImage({
      dockerfile,
      stage: 'gateway',
      compose: { config: result.config, service: 'gateway-1' },
      local: gatewayLocal(await freePort()),
      built: GATEWAY_BUILD,
    });
    started.push(run);
    expect(run.env).toMatchObject({
      NODE_ENV: 'production',
      CUSTOMER_SETUP_API_URL: 'http://sandbox.localhost:4010/customer-setup',
    });
    expect(await exitOf(run.proc)).toEqual({ code: 1, signal: null });
    expect(run.proc.stderr.trim().split('\n')).toEqual([
      'Invalid configuration: CUSTOMER_SETUP_API_URL must be https when NODE_ENV=production: set the https URL of the customer-setup API, or, for plain http on an internal network, add CUSTOMER_SETUP_API_URL to ALLOW_HTTP_UPSTREAMS (got "http://sandbox.localhost:4010/customer-setup")',
    ]);
  });

  it('stops with one line naming the variable on the bare image (docker run, no configuration)', async () => {
    expect(dockerfile.env('gateway').NODE_ENV).toBe('production');
    const run = startImage({
      dockerfile,
      stage: 'gateway',
      local: gatewayLocal(await freePort()),
      built: GATEWAY_BUILD,
    });
    started.push(run);
    expect(await exitOf(run.proc)).toEqual({ code: 1, signal: null });
    const lines = run.proc.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(REFUSAL);
  });
});
