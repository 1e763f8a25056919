import { freePort, waitFor } from '@onboarding/test-support';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../src/config/app-config.js';
import { createGateway, type Gateway } from '../../src/gateway.js';
import { LogCapture, LogView } from './logs.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const GATEWAY_DIST = path.resolve(here, '../../dist/main.js');
const GATEWAY_SOURCES = path.resolve(here, '../../src');
let builtChecked = false;

/**
 * The built gateway (dist/main.js) as `npm start` runs it, refused when missing or older than a
 * source file: a spawned gateway would run the code of an earlier build.
 */
export function builtGateway(): string {
  if (builtChecked) return GATEWAY_DIST;
  const build = `Build the gateway first: npm run build -w @onboarding/gateway`;
  if (!fs.existsSync(GATEWAY_DIST)) throw new Error(`${build} (${GATEWAY_DIST} missing)`);
  const builtAt = fs.statSync(GATEWAY_DIST).mtimeMs;
  const newer = fs
    .readdirSync(GATEWAY_SOURCES, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .find((file) => fs.statSync(path.join(GATEWAY_SOURCES, file)).mtimeMs > builtAt);
  if (newer) throw new Error(`${build} (src/${newer} is newer than dist/main.js)`);
  builtChecked = true;
  return GATEWAY_DIST;
}

/** What a production deployment sets, every value safe: tests change one thing at a time. */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://console.example.com',
  SESSION_SECRET: 'a-production-session-secret-0123456789abcdef',
  OIDC_ISSUER: 'https://idp.example.com/oidc',
  OIDC_CLIENT_SECRET: 'the-secret-the-idp-issued-to-the-console',
  CUSTOMER_SETUP_API_URL: 'https://customer-setup.example.com',
  LLM_API_URL: 'https://llm.example.com',
  DASHBOARD_BASE_URL: 'https://dashboards.example.com',
};

export interface TestGateway {
  readonly url: string;
  readonly port: number;
  readonly gateway: Gateway;
  /** The lines written since it started (other gateways' of this file too, if they run beside it). */
  readonly logs: LogView;
  readonly dataDir: string;
  close(): Promise<void>;
}

export function tempDir(prefix = 'gateway-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** The environment of a gateway under test: its own data dir, a public URL on its own port. */
function testEnv(
  port: number,
  env: Record<string, string | undefined> = {},
): Record<string, string | undefined> {
  return {
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: env.DATA_DIR ?? tempDir(),
    WEB_DIST_DIR: env.WEB_DIST_DIR ?? path.join(tempDir('no-web-'), 'dist'),
    LOG_LEVEL: 'info',
    RATE_LIMIT_SIGN_IN_PER_MIN: '1000',
    RATE_LIMIT_API_PER_MIN: '100000',
    // No background fleet reads: they would add calls to the upstreams and breakers under test.
    FLEET_REFRESH_SECONDS: 'off',
    ...env,
  };
}

/**
 * Every in-process gateway of a test file logs here: nestjs-pino's request logger is one per
 * process, made with the first gateway's settings (docs/testing.md#logs-in-tests).
 */
const fileLogs = new LogCapture();
let firstIdSetting: boolean | undefined;
let firstLogSettings: string | undefined;
const OWN_FILE = 'spawnGateway it, or give it a test file of its own';

/** A gateway in this process (its logs captured), on a free port. */
export async function startGateway(
  env: Record<string, string | undefined> = {},
  options: { port?: number } = {},
): Promise<TestGateway> {
  const port = options.port ?? (await freePort());
  const fullEnv = testEnv(port, env);
  const config = loadConfig(fullEnv);
  // The first gateway's request ids answer for every gateway of the file, and its request lines
  // (level, client addresses) are theirs too.
  firstIdSetting ??= config.trustProxyRequestId;
  if (config.trustProxyRequestId !== firstIdSetting)
    throw new Error(
      `TRUST_PROXY_REQUEST_ID differs from the first gateway's of this test file: ${OWN_FILE}`,
    );
  const logSettings = JSON.stringify([config.logLevel, config.trustProxyHops]);
  firstLogSettings ??= logSettings;
  const view = new LogView(fileLogs);
  const gateway = await createGateway(config, { logDestination: fileLogs });
  await gateway.listen(port, '127.0.0.1');
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    gateway,
    get logs() {
      if (logSettings !== firstLogSettings)
        throw new Error(
          `This gateway's LOG_LEVEL or TRUST_PROXY_HOPS differ from the first's: ${OWN_FILE}`,
        );
      return view;
    },
    dataDir: fullEnv.DATA_DIR!,
    close: () => gateway.close(),
  };
}

export interface SpawnedGateway {
  readonly url: string;
  readonly port: number;
  readonly child: ChildProcess;
  stdout: string;
  stderr: string;
  /** The JSON lines of its stdout so far. */
  logLines(): Record<string, unknown>[];
  /** Resolves with the exit code (or signal) once the process has ended. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal?: NodeJS.Signals): void;
}

/** The built gateway (dist/main.js) as its own process, as `npm start` runs it. */
export async function spawnGateway(
  env: Record<string, string | undefined> = {},
  port?: number,
): Promise<SpawnedGateway> {
  const main = builtGateway();
  const p = port ?? (await freePort());
  const fullEnv = testEnv(p, { HOST: '127.0.0.1', ...env });
  const child = spawn(process.execPath, [main], {
    env: { PATH: process.env.PATH, ...fullEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const handle: SpawnedGateway = {
    url: `http://127.0.0.1:${p}`,
    port: p,
    child,
    stdout: '',
    stderr: '',
    logLines: () =>
      handle.stdout
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    exited: new Promise((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    ),
    kill: (signal: NodeJS.Signals = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
  };
  child.stdout.on('data', (d: Buffer) => (handle.stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (handle.stderr += d.toString()));
  let exitedEarly = false;
  void handle.exited.then(() => (exitedEarly = true));
  await waitFor(
    async () => {
      if (exitedEarly) throw new Error(`gateway exited: ${handle.stderr || handle.stdout}`);
      const res = await fetch(`${handle.url}/api/health`);
      return res.ok;
    },
    { timeoutMs: 20_000, what: 'the spawned gateway' },
  ).catch((err: unknown) => {
    handle.kill('SIGKILL');
    throw err;
  });
  return handle;
}
