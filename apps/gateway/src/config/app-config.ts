import { SIGN_IN_CALLBACK_PATH } from '@onboarding/contracts';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, type GatewayEnv, readEnv } from './env.schema.js';

export type UpstreamService = 'customer-setup' | 'llm';

/** The gateway's settings, resolved once at start: what the rest of the code reads. */
export interface GatewayConfig {
  readonly env: GatewayEnv['NODE_ENV'];
  readonly port: number;
  readonly host: string | undefined;
  /** `http://localhost:8080` — the only origin state-changing requests may come from. */
  readonly publicOrigin: string;
  readonly dataDir: string;
  readonly webDistDir: string;
  readonly session: {
    readonly secret: string;
    readonly store: 'sqlite' | 'redis';
    readonly redisUrl: string | undefined;
    readonly cookieName: string;
    readonly secureCookie: boolean;
    readonly idleTimeoutMs: number;
    readonly absoluteTimeoutMs: number;
    readonly storeTimeoutMs: number;
  };
  readonly oidc: {
    readonly issuer: string;
    readonly clientId: string;
    readonly clientSecret: string;
    readonly redirectUri: string;
    readonly postLogoutRedirectUri: string;
    readonly allowedEmailDomains: readonly string[];
  };
  readonly upstreams: Readonly<Record<UpstreamService, string>>;
  readonly upstream: {
    readonly timeoutMs: number;
    readonly maxResponseBytes: number;
    readonly maxSockets: number;
    readonly responseValidation: 'enforce' | 'report';
    readonly circuitFailureThreshold: number;
    readonly circuitResetMs: number;
  };
  readonly dashboardBaseUrl: string;
  readonly bodyLimitBytes: number;
  readonly rateLimit: { readonly signInPerMinute: number; readonly apiPerMinute: number };
  /**
   * Proxies in front of the gateway that append to X-Forwarded-For (0: none trusted). Only for
   * the client address of rate-limit keys and log lines; never for origins or redirects.
   */
  readonly trustProxyHops: number;
  readonly shutdownTimeoutMs: number;
  /** Not ready but still accepting, so a load balancer can take the replica out first. */
  readonly shutdownGraceMs: number;
  readonly logLevel: GatewayEnv['LOG_LEVEL'];
  readonly docsEnabled: boolean;
}

/** Local development: plain http on the loopback, where `Secure` cookies would not be kept. */
function isLocalHttp(origin: string): boolean {
  const url = new URL(origin);
  return (
    url.protocol === 'http:' &&
    (url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]')
  );
}

/** Reads DATA_DIR/session-secret, creating it (mode 600) the first time. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new ConfigError(
        `Invalid configuration: DATA_DIR cannot read ${file} (${(err as Error).message})`,
      );
    }
  }
  const secret = crypto.randomBytes(48).toString('base64url');
  try {
    // 'wx' fails if another process created it meanwhile; then we read theirs.
    fs.writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST')
      return fs.readFileSync(file, 'utf8').trim();
    throw new ConfigError(
      `Invalid configuration: DATA_DIR cannot write ${file} (${(err as Error).message})`,
    );
  }
}

export function resolveConfig(env: GatewayEnv): GatewayConfig {
  const dataDir = path.resolve(env.DATA_DIR);
  try {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  } catch (err) {
    throw new ConfigError(
      `Invalid configuration: DATA_DIR cannot be created (${(err as Error).message})`,
    );
  }
  const publicOrigin = new URL(env.PUBLIC_URL).origin;
  const local = isLocalHttp(publicOrigin);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicOrigin,
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
      allowedEmailDomains: env.ALLOWED_EMAIL_DOMAINS,
    },
    upstreams: { 'customer-setup': env.CUSTOMER_SETUP_API_URL, llm: env.LLM_API_URL },
    upstream: {
      timeoutMs: env.UPSTREAM_TIMEOUT_MS,
      maxResponseBytes: env.UPSTREAM_MAX_RESPONSE_BYTES,
      maxSockets: env.UPSTREAM_MAX_SOCKETS,
      responseValidation: env.UPSTREAM_RESPONSE_VALIDATION,
      circuitFailureThreshold: env.CIRCUIT_FAILURE_THRESHOLD,
      circuitResetMs: env.CIRCUIT_RESET_MS,
    },
    dashboardBaseUrl: env.DASHBOARD_BASE_URL,
    bodyLimitBytes: env.BODY_LIMIT_KB * 1024,
    rateLimit: {
      signInPerMinute: env.RATE_LIMIT_SIGN_IN_PER_MIN,
      apiPerMinute: env.RATE_LIMIT_API_PER_MIN,
    },
    trustProxyHops: env.TRUST_PROXY_HOPS,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    logLevel: env.LOG_LEVEL,
    docsEnabled: env.DOCS_ENABLED,
  };
}

/** Reads and resolves the configuration; throws a one-line ConfigError when something is wrong. */
export function loadConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  return resolveConfig(readEnv(env));
}

export { ConfigError };
