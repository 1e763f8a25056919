import { tempDir, waitFor } from '@onboarding/test-support';
import fs from 'node:fs';
import path from 'node:path';
import { adaptToLocal, type ComposeConfig, serviceEnv } from './compose.js';
import type { Dockerfile } from './dockerfile.js';
import { filteredVars } from './nginx.js';
import { REPO_ROOT, requireBuilt } from './paths.js';
import { type Proc, start } from './processes.js';

/** Where an image's process runs here: the repository root is what WORKDIR /app holds. */
export const IMAGE_WORKDIR = REPO_ROOT;

export interface ImageProcess {
  readonly url: string;
  readonly port: number;
  readonly proc: Proc;
  /** The environment it was started with. */
  readonly env: Record<string, string>;
  readonly dataDir: string;
  /** SIGKILL if still running, then its data folder removed. */
  dispose(): Promise<void>;
}

export interface ImageOptions {
  dockerfile: Dockerfile;
  stage: string;
  compose?: { config: ComposeConfig; service: string };
  hosts?: Record<string, string>;
  /** Variables naming this process's own port, host and data folder (and test overrides). */
  local: (dataDir: string) => Record<string, string>;
  built: { file: string; workspace: string };
}

/**
 * Starts an image's CMD here, without Docker: the command of the Dockerfile's stage, in the
 * repository root, with the stage's ENV, then the compose service's environment (when given),
 * then `local` — each compose address rewritten to the local process standing in for it.
 */
export function startImage(options: ImageOptions): {
  proc: Proc;
  env: Record<string, string>;
  dataDir: string;
} {
  requireBuilt(options.built.file, options.built.workspace);
  const dataDir = tempDir(`docker-test-${options.stage}-`);
  const env = adaptToLocal(
    {
      ...options.dockerfile.env(options.stage),
      ...(options.compose ? serviceEnv(options.compose.config, options.compose.service) : {}),
    },
    options.hosts ?? {},
    options.local(dataDir),
  );
  const [command, ...args] = options.dockerfile.cmd(options.stage);
  if (!command) throw new Error(`stage ${options.stage} has an empty CMD`);
  const proc = start(options.compose?.service ?? options.stage, command, args, {
    cwd: IMAGE_WORKDIR,
    env,
  });
  return { proc, env, dataDir };
}

/** startImage, then waits until its health address answers 200. */
export async function runImage(
  options: ImageOptions & { port: number; healthPath: string },
): Promise<ImageProcess> {
  const { proc, env, dataDir } = startImage(options);
  const args = options.dockerfile.cmd(options.stage).slice(1);
  const url = `http://127.0.0.1:${options.port}`;
  const dispose = async () => {
    if (proc.running) {
      proc.signal('SIGKILL');
      await proc.exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(
      async () => {
        if (!proc.running) throw new Error(`${proc.name} exited\n${proc.output()}`);
        return (await fetch(`${url}${options.healthPath}`)).ok;
      },
      { timeoutMs: 30_000, intervalMs: 100, what: `${proc.name} (${args.join(' ')})` },
    );
  } catch (err) {
    await dispose();
    throw err;
  }
  return { url, port: options.port, proc, env, dataDir, dispose };
}

/** The gateway image's command, listening on the loopback only, its data in a temp folder. */
export function gatewayLocal(port: number, extra: Record<string, string> = {}) {
  return (dataDir: string) => ({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
    ...extra,
  });
}

export function sandboxLocal(port: number, extra: Record<string, string> = {}) {
  return (dataDir: string) => ({
    SANDBOX_PORT: String(port),
    SANDBOX_HOST: '127.0.0.1',
    SANDBOX_DATA_DIR: dataDir,
    ...extra,
  });
}

/** The request ids a process logged a completed request for (pino-http lines). */
export function loggedRequestIds(proc: Proc): Map<string, number> {
  const ids = new Map<string, number>();
  for (const line of proc.jsonLines()) {
    const res = line.res as { statusCode?: number } | undefined;
    if (typeof line.requestId === 'string' && res?.statusCode !== undefined)
      ids.set(line.requestId, res.statusCode);
  }
  return ids;
}

/**
 * The web image's template variables: its ENV, then compose's web environment, compose hosts
 * moved to local addresses, then `overrides` — filtered as the image filters them.
 */
export function webTemplateVars(
  dockerfile: Dockerfile,
  compose: ComposeConfig,
  hosts: Record<string, string>,
  overrides: Record<string, string>,
): Record<string, string> {
  const imageEnv = dockerfile.env('web');
  return filteredVars(
    adaptToLocal({ ...imageEnv, ...serviceEnv(compose, 'web') }, hosts, overrides),
    imageEnv.NGINX_ENVSUBST_FILTER ?? '.*',
  );
}
