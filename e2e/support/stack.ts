/**
 * The stack the browser tests run against: `node scripts/start.mjs`, as `npm start` starts it,
 * on ports of its own (so a running dev stack on 8080/4010 does not clash), with a fast
 * workflow runner and throw-away data folders.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const GATEWAY_PORT = Number(process.env.E2E_PORT ?? 18480);
const SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 18410);
const SANDBOX_ADMIN_PORT = Number(process.env.E2E_SANDBOX_ADMIN_PORT ?? SANDBOX_PORT + 1);
export const BASE_URL = `http://localhost:${GATEWAY_PORT}`;
export const SANDBOX_URL = `http://localhost:${SANDBOX_PORT}`;
/** The sandbox's fault switch (its admin API on a port the gateway never forwards to). */
export const SANDBOX_ADMIN_URL = `http://127.0.0.1:${SANDBOX_ADMIN_PORT}`;
/** Milliseconds per workflow transition of the sandbox runner. */
const STEP_MS = 300;

/** One temp folder per run; workers inherit it through the environment. */
export function runDataDir(): string {
  process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'onboarding-e2e-'));
  return process.env.E2E_DATA_DIR;
}

/**
 * A copy of the built web app for this run, so a rebuild of apps/web/dist while the tests run
 * (watch mode, another build) cannot pull the pages out from under them.
 */
function webCopy(dataDir: string): string {
  // E2E_WEB_DIST: another build to try (a benchmark of a change) without touching apps/web/dist.
  const source = process.env.E2E_WEB_DIST ?? path.join(REPO_ROOT, 'apps', 'web', 'dist');
  const target = path.join(dataDir, 'web');
  if (!fs.existsSync(path.join(target, 'index.html'))) {
    if (!fs.existsSync(path.join(source, 'index.html'))) {
      throw new Error('apps/web/dist is missing: build first (npm run build)');
    }
    fs.cpSync(source, target, { recursive: true });
  }
  return target;
}

export function stackEnv(dataDir: string): Record<string, string> {
  return {
    WEB_DIST_DIR: webCopy(dataDir),
    PORT: String(GATEWAY_PORT),
    PUBLIC_URL: BASE_URL,
    DATA_DIR: path.join(dataDir, 'gateway'),
    SANDBOX_PORT: String(SANDBOX_PORT),
    SANDBOX_PUBLIC_URL: SANDBOX_URL,
    SANDBOX_DATA_DIR: path.join(dataDir, 'sandbox'),
    SANDBOX_ADMIN_PORT: String(SANDBOX_ADMIN_PORT),
    SANDBOX_STEP_MS: String(STEP_MS),
    OIDC_ISSUER: `${SANDBOX_URL}/oidc`,
    CUSTOMER_SETUP_API_URL: `${SANDBOX_URL}/customer-setup`,
    LLM_API_URL: `${SANDBOX_URL}/llm`,
    DASHBOARD_BASE_URL: `${SANDBOX_URL}/dashboard`,
    SANDBOX_OIDC_REDIRECT_URIS: `${BASE_URL}/api/sso/callback`,
    SANDBOX_OIDC_POST_LOGOUT_REDIRECT_URIS: `${BASE_URL}/login`,
    LOG_LEVEL: 'warn',
    // Every spec signs in; the default per-minute sign-in limit is for people, not test runs.
    RATE_LIMIT_SIGN_IN_PER_MIN: '1000',
    // The fleet snapshot (issue 32) is read again every 5 s, not every minute: a spec's new or
    // failed setup reaches the failure board and the forecast within seconds.
    FLEET_REFRESH_SECONDS: '5',
  };
}
