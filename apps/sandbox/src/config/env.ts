import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SIGN_IN_CALLBACK } from '@onboarding/contracts/routes';
import { z } from 'zod';

/** `<repo>/.data/sandbox`: this file is `apps/sandbox/{src,dist}/config/env.*`. */
export const DEFAULT_DATA_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../.data/sandbox',
);

export const DEFAULT_CLIENT_SECRET = 'sandbox-client-secret';
export const DEFAULT_GATEWAY_URL = 'http://localhost:8080';

const port = z.coerce.number().int().min(0).max(65535);
const urlList = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((u) => u.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url()).min(1));

const EnvSchema = z.object({
  SANDBOX_PORT: port.default(4010),
  /** Interface to listen on; 127.0.0.1 keeps the dev identity provider off the network. */
  SANDBOX_HOST: z.string().min(1).default('127.0.0.1'),
  /** Fault-switch admin port; the admin routes are off unless this is set. */
  SANDBOX_ADMIN_PORT: port.optional(),
  SANDBOX_DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
  /** Milliseconds per workflow transition. */
  SANDBOX_STEP_MS: z.coerce.number().int().min(1).default(10_000),
  /** Share of workflow runs that fail at one step (0 to 1). */
  SANDBOX_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0.15),
  /** Seed of the hash that picks failing runs. */
  SANDBOX_FAILURE_SEED: z.string().min(1).default('sandbox'),
  /** Origin the browser and the gateway use to reach the sandbox (the issuer is `<this>/oidc`). */
  SANDBOX_PUBLIC_URL: z.url().optional(),
  /** The gateway's public origin; the default redirect URIs hang off it. */
  PUBLIC_URL: z.url().default(DEFAULT_GATEWAY_URL),
  /** Secret of the gateway's OIDC client; the gateway's own OIDC_CLIENT_SECRET is used when set. */
  SANDBOX_OIDC_CLIENT_SECRET: z.string().min(8).optional(),
  OIDC_CLIENT_SECRET: z.string().min(8).optional(),
  SANDBOX_OIDC_REDIRECT_URIS: urlList.optional(),
  SANDBOX_OIDC_POST_LOGOUT_REDIRECT_URIS: urlList.optional(),
});

export interface SandboxEnv {
  port: number;
  host: string;
  adminPort: number | undefined;
  dataDir: string;
  stepMs: number;
  failureRate: number;
  failureSeed: string;
  publicUrl: string | undefined;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
}

/** Reads and validates the environment; a bad value throws one line naming the variable. */
export function readSandboxEnv(env: NodeJS.ProcessEnv = process.env): SandboxEnv {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path.join('.') ?? 'environment';
    throw new Error(`Invalid sandbox configuration: ${name}: ${issue?.message ?? 'invalid'}`);
  }
  const e = parsed.data;
  const gateway = e.PUBLIC_URL.replace(/\/+$/, '');
  return {
    port: e.SANDBOX_PORT,
    host: e.SANDBOX_HOST,
    adminPort: e.SANDBOX_ADMIN_PORT,
    dataDir: path.resolve(e.SANDBOX_DATA_DIR),
    stepMs: e.SANDBOX_STEP_MS,
    failureRate: e.SANDBOX_FAILURE_RATE,
    failureSeed: e.SANDBOX_FAILURE_SEED,
    publicUrl: e.SANDBOX_PUBLIC_URL?.replace(/\/+$/, ''),
    clientSecret: e.SANDBOX_OIDC_CLIENT_SECRET ?? e.OIDC_CLIENT_SECRET ?? DEFAULT_CLIENT_SECRET,
    redirectUris: e.SANDBOX_OIDC_REDIRECT_URIS ?? [`${gateway}${SIGN_IN_CALLBACK.path}`],
    postLogoutRedirectUris: e.SANDBOX_OIDC_POST_LOGOUT_REDIRECT_URIS ?? [`${gateway}/login`],
  };
}
