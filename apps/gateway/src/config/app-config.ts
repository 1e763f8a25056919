import { SIGN_IN_CALLBACK_PATH } from '@onboarding/contracts';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  ConfigError,
  type GatewayEnv,
  isLoopbackHttp,
  metricsPortOf,
  readEnv,
  serviceUrlOf,
} from './env.schema.js';

export type UpstreamService = 'customer-setup' | 'llm';
export type GatewayConfig = ReturnType<typeof resolveConfig>;

/** Runs `work`; a file system failure becomes a one-line ConfigError about DATA_DIR. */
function onDataDir<T>(what: string, work: () => T): T {
  try {
    return work();
  } catch (err) {
    if (err instanceof ConfigError) throw err;
    throw new ConfigError(`Invalid configuration: DATA_DIR ${what} (${(err as Error).message})`);
  }
}

function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  const read = () => fs.readFileSync(file, 'utf8').trim();
  const existing = onDataDir(`cannot read ${file}`, () => (fs.existsSync(file) ? read() : ''));
  if (existing.length >= 32) return existing;
  const secret = crypto.randomBytes(48).toString('base64url');
  return onDataDir(`cannot write ${file}`, () => {
    try {
      // 'wx' fails if another process created it meanwhile; then we read theirs.
      fs.writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
      return secret;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') return read();
      throw err;
    }
  });
}

function resolveConfig(env: GatewayEnv) {
  const dataDir = path.resolve(env.DATA_DIR);
  onDataDir('cannot be created', () => fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 }));
  // Under `npm run dev` the browser is on Vite's dev server, which forwards /api here: its origin
  // is the one the cookie, the same-origin check and the redirect targets are for.
  const url = new URL(env.DEV_SERVER_URL ?? env.PUBLIC_URL);
  const publicOrigin = url.origin;
  // Plain http on the loopback (local development), where `Secure` cookies would not be kept.
  const local = isLoopbackHttp(url);
  const upstreams: Readonly<Record<UpstreamService, string>> = {
    'customer-setup': serviceUrlOf(env, 'CUSTOMER_SETUP_API_URL'),
    llm: serviceUrlOf(env, 'LLM_API_URL'),
  };
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    /** The only origin state-changing requests may come from. */
    publicOrigin,
    /** `npm run dev`: Vite serves the pages and the gateway the API only (README.md#develop). */
    devServer: env.DEV_SERVER_URL !== undefined,
    dataDir,
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    session: {
      secret: env.SESSION_SECRET ?? loadOrCreateSecret(dataDir),
      store: env.SESSION_STORE,
      redisUrl: env.REDIS_URL,
      // `__Host-` binds the cookie to this exact origin over https (no Domain, Path=/, Secure).
      cookieName: local ? 'onboarding.sid' : '__Host-onboarding.sid',
      secureCookie: !local,
      idleTimeoutMs: Math.round(env.SESSION_IDLE_TIMEOUT_MIN * 60_000),
      absoluteTimeoutMs: Math.round(env.SESSION_ABSOLUTE_TIMEOUT_MIN * 60_000),
      storeTimeoutMs: env.SESSION_STORE_TIMEOUT_MS,
    },
    oidc: {
      issuer: env.OIDC_ISSUER,
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
      redirectUri: `${publicOrigin}${SIGN_IN_CALLBACK_PATH}`,
      postLogoutRedirectUri: `${publicOrigin}/login`,
      allowedEmailDomains: env.ALLOWED_EMAIL_DOMAINS as readonly string[],
    },
    upstreams,
    upstream: {
      timeoutMs: env.UPSTREAM_TIMEOUT_MS,
      maxResponseBytes: env.UPSTREAM_MAX_RESPONSE_BYTES,
      maxSockets: env.UPSTREAM_MAX_SOCKETS,
      responseValidation: env.UPSTREAM_RESPONSE_VALIDATION,
      circuitFailureThreshold: env.CIRCUIT_FAILURE_THRESHOLD,
      circuitResetMs: env.CIRCUIT_RESET_MS,
    },
    /** The fleet snapshot (fleet/fleet.service.ts). */
    fleet: {
      /** null: no background refresh (`off`). */
      refreshMs: env.FLEET_REFRESH_SECONDS === 'off' ? null : env.FLEET_REFRESH_SECONDS * 1000,
      concurrency: env.FLEET_UPSTREAM_CONCURRENCY,
    },
    /** The failure watch (watch/watch.service.ts). */
    watch: { heartbeatMs: env.WATCH_HEARTBEAT_SECONDS * 1000 },
    dashboardBaseUrl: serviceUrlOf(env, 'DASHBOARD_BASE_URL'),
    bodyLimitBytes: env.BODY_LIMIT_KB * 1024,
    /** Requests a minute: per client address on sign-in, per operator on the API. */
    rateLimit: {
      signIn: env.RATE_LIMIT_SIGN_IN_PER_MIN,
      api: env.RATE_LIMIT_API_PER_MIN,
    },
    /** For the client address of rate-limit keys and log lines only (client-address.ts). */
    trustProxyHops: env.TRUST_PROXY_HOPS,
    trustProxyRequestId: env.TRUST_PROXY_REQUEST_ID,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    logLevel: env.LOG_LEVEL,
    /** Who may read /api/docs and /api/docs-json: anyone, a signed-in session, or no one. */
    apiDocs: env.API_DOCS ?? (env.NODE_ENV === 'production' ? 'session' : 'open'),
    /** Where Prometheus scrapes `/metrics` (its own port); undefined: not served. */
    metrics: metricsPortOf(env) ? { port: metricsPortOf(env), host: env.METRICS_HOST } : undefined,
    /** OpenTelemetry tracing, when an OTLP endpoint is set (the SDK reads the OTEL_* variables). */
    tracing:
      env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT
        ? { serviceName: env.OTEL_SERVICE_NAME }
        : undefined,
  };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  return resolveConfig(readEnv(env));
}

export { ConfigError };
