import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { maskUrlCredentials } from './mask.js';

/** The repository root, found from this file (src/config or dist/config of apps/gateway). */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const SANDBOX = 'http://localhost:4010';
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .transform((u) => u.replace(/\/+$/, ''));

/** A whole number in [min, max]; `error`, when given, is the one message for every mistake. */
const integer = (def: number, min: number, max: number, error?: string) =>
  z.coerce
    .number({ error: error ?? 'must be a number' })
    .int(error ?? 'must be a whole number')
    .min(min, error ?? `must be at least ${min}`)
    .max(max, error ?? `must be at most ${max}`)
    .default(def);
const positiveInt = (def: number, max = 1_000_000_000) => integer(def, 1, max);

/** Minutes, fractions allowed (tests use seconds-long sessions). */
const minutes = (def: number, max: number) =>
  z.coerce
    .number({ error: 'must be a number of minutes' })
    .positive('must be more than 0')
    .max(max, `must be at most ${max}`)
    .default(def);

const FLEET_REFRESH_ERROR = 'must be a number of seconds from 1 to 86400, or off';

/** Plain http to the developer's own machine (a development origin), never a deployed host. */
export const isLoopbackHttp = (url: URL) =>
  url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

/** The sandbox's OIDC client secret: published in this repository, so never a production one. */
const SANDBOX_CLIENT_SECRET = 'sandbox-client-secret';

/**
 * Required in production, where a forgotten one would send operators' calls, or links, to a
 * localhost address; `what` is for the refusal that names it.
 */
const SERVICE_URLS = {
  CUSTOMER_SETUP_API_URL: { sandbox: `${SANDBOX}/customer-setup`, what: 'the customer-setup API' },
  LLM_API_URL: { sandbox: `${SANDBOX}/llm`, what: 'the LLM API' },
  DASHBOARD_BASE_URL: { sandbox: `${SANDBOX}/dashboard`, what: 'the client dashboards' },
} as const;
type ServiceUrlName = keyof typeof SERVICE_URLS;
const SERVICE_URL_NAMES = Object.keys(SERVICE_URLS) as ServiceUrlName[];

/** A service's URL as set, else the sandbox's (one machine only: production refuses it unset). */
export function serviceUrlOf(env: Partial<Record<ServiceUrlName, string>>, name: ServiceUrlName) {
  return env[name] ?? SERVICE_URLS[name].sandbox;
}

/**
 * What NODE_ENV=production refuses, in the order reported: each the variable and what to do.
 * One-machine mode (development, test) keeps the sandbox's defaults.
 */
function productionRefusals(
  env: {
    PUBLIC_URL: string;
    SESSION_SECRET?: string | undefined;
    OIDC_ISSUER: string;
    OIDC_CLIENT_SECRET: string;
    ALLOW_HTTP_UPSTREAMS: readonly ServiceUrlName[];
  } & Partial<Record<ServiceUrlName, string>>,
): [name: string, message: string][] {
  const when = 'when NODE_ENV=production';
  const refusals: [string, string][] = [];
  if (new URL(env.PUBLIC_URL).protocol !== 'https:')
    refusals.push([
      'PUBLIC_URL',
      `must be https ${when}: set the https origin operators open the console at`,
    ]);
  if (!env.SESSION_SECRET)
    refusals.push([
      'SESSION_SECRET',
      `is required ${when}: set at least 32 random characters, the same on every gateway process ` +
        '(e.g. the output of openssl rand -base64 48)',
    ]);
  if (new URL(env.OIDC_ISSUER).protocol !== 'https:')
    refusals.push([
      'OIDC_ISSUER',
      `must be https ${when}: set the https issuer URL of your identity provider`,
    ]);
  if (env.OIDC_CLIENT_SECRET === SANDBOX_CLIENT_SECRET)
    refusals.push([
      'OIDC_CLIENT_SECRET',
      `is the sandbox's ${when}: set the secret your identity provider issued to this client`,
    ]);
  for (const name of SERVICE_URL_NAMES) {
    const url = env[name];
    const set = `set the https URL of ${SERVICE_URLS[name].what}`;
    if (!url) refusals.push([name, `is required ${when}: ${set}`]);
    else if (new URL(url).protocol !== 'https:' && !env.ALLOW_HTTP_UPSTREAMS.includes(name))
      refusals.push([
        name,
        `must be https ${when}: ${set}, or, for plain http on an internal network, add ` +
          `${name} to ALLOW_HTTP_UPSTREAMS`,
      ]);
  }
  return refusals;
}

/**
 * The metrics port, 0 for none. Unset, 9464 in production, where each gateway runs in a container
 * of its own; off elsewhere, where gateways share a machine (tests, npm start beside npm run dev).
 */
export function metricsPortOf(env: {
  METRICS_PORT?: number | undefined;
  NODE_ENV: string;
}): number {
  return env.METRICS_PORT ?? (env.NODE_ENV === 'production' ? 9464 : 0);
}

/** A comma-separated list, each item trimmed and normalised; the first bad one is refused by name. */
function commaList(
  normalise: (item: string) => string,
  refusal: (item: string) => string | undefined,
) {
  return z
    .string()
    .optional()
    .transform((v, ctx) => {
      const items = (v ?? '')
        .split(',')
        .map((item) => normalise(item.trim()))
        .filter(Boolean);
      const message = items.map(refusal).find(Boolean);
      if (message) ctx.addIssue({ code: 'custom', message });
      return message ? z.NEVER : items;
    });
}

/**
 * Every setting of the gateway (README.md#configuration), read from the environment once at start.
 * Defaults run it against the sandbox with no configuration (docs/security.md#production-refusals).
 */
export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: integer(8080, 0, 65535, 'must be a port number between 0 and 65535'),
    HOST: z.string().optional(),
    PUBLIC_URL: httpUrl
      .refine((u) => new URL(u).pathname === '/' || new URL(u).pathname === '', {
        error: 'must be an origin without a path',
      })
      .default('http://localhost:8080'),
    DATA_DIR: z.string().default(path.join(REPO_ROOT, '.data', 'gateway')),
    WEB_DIST_DIR: z.string().default(path.join(REPO_ROOT, 'apps', 'web', 'dist')),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SESSION_STORE: z
      .enum(['sqlite', 'redis'], { error: 'must be sqlite or redis' })
      .default('sqlite'),
    REDIS_URL: z
      .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })
      .optional(),
    SESSION_IDLE_TIMEOUT_MIN: minutes(60, 24 * 60),
    SESSION_ABSOLUTE_TIMEOUT_MIN: minutes(12 * 60, 30 * 24 * 60),
    SESSION_STORE_TIMEOUT_MS: positiveInt(800, 10_000),
    OIDC_ISSUER: httpUrl.default(`${SANDBOX}/oidc`),
    OIDC_CLIENT_ID: z.string().min(1, 'must not be empty').default('onboarding-console'),
    OIDC_CLIENT_SECRET: z.string().min(1, 'must not be empty').default(SANDBOX_CLIENT_SECRET),
    ALLOWED_EMAIL_DOMAINS: commaList(
      (d) => d.toLowerCase().replace(/^@/, ''),
      (d) => (/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(d) ? undefined : `"${d}" is not a domain name`),
    ),
    /** No default here: the sandbox's apply on one machine only (serviceUrlOf). */
    CUSTOMER_SETUP_API_URL: httpUrl.optional(),
    LLM_API_URL: httpUrl.optional(),
    DASHBOARD_BASE_URL: httpUrl.optional(),
    /**
     * Production's http exceptions (README.md#configuration) by name, not a boolean each: one place
     * to audit, and an unknown name (a typo, OIDC_ISSUER, PUBLIC_URL) stops the start.
     */
    ALLOW_HTTP_UPSTREAMS: commaList(
      (n) => n,
      (n) =>
        (SERVICE_URL_NAMES as string[]).includes(n)
          ? undefined
          : `cannot allow http for "${n}": name only ` +
            `${SERVICE_URL_NAMES.slice(0, -1).join(', ')} or ${SERVICE_URL_NAMES.at(-1)}`,
    ).transform((names) => names as ServiceUrlName[]),
    UPSTREAM_TIMEOUT_MS: positiveInt(15_000, 600_000),
    UPSTREAM_MAX_RESPONSE_BYTES: positiveInt(10 * 1024 * 1024),
    UPSTREAM_MAX_SOCKETS: positiveInt(64, 10_000),
    UPSTREAM_RESPONSE_VALIDATION: z
      .enum(['enforce', 'report'], { error: 'must be enforce or report' })
      .default('enforce'),
    CIRCUIT_FAILURE_THRESHOLD: positiveInt(5, 1000),
    CIRCUIT_RESET_MS: positiveInt(10_000, 600_000),
    /**
     * The fleet snapshot (fleet/): how often it is read again while operators are signed in; `off`
     * reads it only when it is asked for and there is none (the tests' gateways: no background calls).
     */
    FLEET_REFRESH_SECONDS: z
      .union([z.literal('off'), integer(60, 1, 86_400, FLEET_REFRESH_ERROR)], {
        error: FLEET_REFRESH_ERROR,
      })
      .default(60),
    /** Upstream calls the snapshot runs at once: it shares the upstream with operators' calls. */
    FLEET_UPSTREAM_CONCURRENCY: integer(4, 1, 64, 'must be a number of calls from 1 to 64'),
    /**
     * The failure watch's stream (watch/): a comment this often keeps proxies from closing it, and
     * its session is checked then (an ended session ends the stream). Tests use 1.
     */
    WATCH_HEARTBEAT_SECONDS: integer(20, 1, 60, 'must be a number of seconds from 1 to 60'),
    BODY_LIMIT_KB: positiveInt(256, 10_240),
    RATE_LIMIT_SIGN_IN_PER_MIN: positiveInt(30),
    RATE_LIMIT_API_PER_MIN: positiveInt(1200),
    TRUST_PROXY_HOPS: integer(0, 0, 10, 'must be a number of proxies from 0 to 10'),
    /**
     * `true` only where the trusted proxy sets X-Request-Id itself, overwriting a caller's (the
     * project's nginx): its id is then the request id. Trusting a proxy's addresses is not enough.
     */
    TRUST_PROXY_REQUEST_ID: z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default('false')
      .transform((v) => v === 'true'),
    SHUTDOWN_TIMEOUT_MS: positiveInt(10_000, 600_000),
    SHUTDOWN_GRACE_MS: integer(0, 0, 600_000),
    LOG_LEVEL: z
      .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })
      .default('info'),
    /**
     * `npm run dev` only: the origin of Vite's dev server, which the browser uses instead of
     * PUBLIC_URL (README.md#develop). Accepted with NODE_ENV=development alone.
     */
    DEV_SERVER_URL: httpUrl
      .refine(
        (u) => {
          const url = new URL(u);
          return isLoopbackHttp(url) && url.pathname === '/';
        },
        { error: 'must be an http://localhost origin without a path, e.g. http://localhost:5173' },
      )
      .optional(),
    /** Swagger UI and the OpenAPI document; unset: `session` in production, `open` otherwise. */
    API_DOCS: z
      .enum(['open', 'session', 'off'], { error: 'must be open, session or off' })
      .optional(),
    /** Prometheus metrics on a port of their own (README.md#metrics); `off` or 0: none. */
    METRICS_PORT: z
      .string()
      .regex(/^(off|\d{1,5})$/, 'must be a port number between 1 and 65535, or off')
      .transform((v) => (v === 'off' ? 0 : Number(v)))
      .refine((port) => port <= 65535, 'must be a port number between 1 and 65535, or off')
      .optional(),
    METRICS_HOST: z.string().optional(),
    /** OpenTelemetry tracing (OTLP over HTTP) is on when either endpoint is set; the SDK reads them. */
    OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl.optional(),
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: httpUrl.optional(),
    OTEL_SERVICE_NAME: z
      .string()
      .max(200, 'must be at most 200 characters')
      .default('onboarding-gateway'),
  })
  .refine((env) => env.SESSION_STORE !== 'redis' || env.REDIS_URL, {
    path: ['REDIS_URL'],
    error: 'is required when SESSION_STORE=redis',
  })
  .refine((env) => metricsPortOf(env) !== env.PORT, {
    path: ['METRICS_PORT'],
    error: "must differ from PORT: metrics are never served on the operators' port",
  })
  .refine((env) => !env.TRUST_PROXY_REQUEST_ID || env.TRUST_PROXY_HOPS > 0, {
    path: ['TRUST_PROXY_REQUEST_ID'],
    error: 'needs TRUST_PROXY_HOPS of 1 or more: the id comes from the trusted proxy',
  })
  .refine((env) => !env.DEV_SERVER_URL || env.NODE_ENV === 'development', {
    path: ['DEV_SERVER_URL'],
    error: 'is for npm run dev only: it needs NODE_ENV=development (unset it otherwise)',
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    for (const [name, message] of productionRefusals(env))
      ctx.addIssue({ code: 'custom', path: [name], message });
  });

export type GatewayEnv = z.output<typeof EnvSchema>;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Variables the gateway no longer reads: set, they stop start-up rather than go unnoticed. */
const RETIRED: Record<string, string> = {
  DOCS_ENABLED: 'is no longer read: set API_DOCS to open, session or off instead',
};

export function readEnv(env: Record<string, string | undefined> = process.env): GatewayEnv {
  // An empty value counts as unset, as in most deployment tools.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v));
  const retired = Object.keys(RETIRED).find((name) => cleaned[name] !== undefined);
  if (retired) throw new ConfigError(`Invalid configuration: ${retired} ${RETIRED[retired]}`);
  const result = EnvSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const { path: where, message } = result.error.issues[0]!;
  const name = String(where[0] ?? 'environment');
  const value = cleaned[name];
  // Secrets are never shown; other values without the credentials of any URL in them (masked
  // before cutting, so a cut cannot leave half a password behind).
  const shown =
    value === undefined || /SECRET/.test(name)
      ? ''
      : ` (got "${maskUrlCredentials(value).slice(0, 80)}")`;
  throw new ConfigError(
    maskUrlCredentials(
      `Invalid configuration: ${name} ${message.replace(/^Invalid input: /, '')}${shown}`,
    ),
  );
}
