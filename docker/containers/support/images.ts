// The project's images: every target of docker/Dockerfile built with podman, unchanged, the
// stand-in base images chosen by build argument.
import { spawnSync } from 'node:child_process';
import dns from 'node:dns';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BaseImages } from './base-images.ts';
import { podman, REPO_ROOT } from './run.ts';

export const TARGETS = ['gateway', 'sandbox', 'web'] as const;
export type Target = (typeof TARGETS)[number];
export const DOCKERFILE = path.join(REPO_ROOT, 'docker/Dockerfile');
const IGNORE_FILE = path.join(REPO_ROOT, 'docker/Dockerfile.dockerignore');
/** npm inside a build reaches the registry through a proxy only the host's bundle trusts. */
const CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';

/** compose.yaml's image names (`onboarding-console/gateway:local`, …), or a fixture's. */
export function imageNames(prefix = 'onboarding-console'): Record<Target, string> {
  return {
    gateway: `${prefix}/gateway:local`,
    sandbox: `${prefix}/sandbox:local`,
    web: `${prefix}/web:local`,
  };
}

function git(args: string[]): string | undefined {
  const r = spawnSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

/**
 * The org.opencontainers.image.* values: the commit, its time (not now: an unchanged tree
 * builds from cache), and `git describe`.
 */
export function buildLabels(): { VERSION: string; REVISION: string; CREATED: string } {
  return {
    VERSION: git(['describe', '--tags', '--always', '--dirty']) ?? '0.0.0-dev',
    REVISION: git(['rev-parse', 'HEAD']) ?? 'unknown',
    CREATED: git(['log', '-1', '--format=%cI']) ?? 'unknown',
  };
}

export interface BuildOptions {
  readonly dockerfile: string;
  readonly target: Target;
  readonly image: string;
  readonly base: Pick<BaseImages, 'node' | 'nginx'>;
  readonly labels: Record<string, string>;
  readonly logFile: string;
}

/**
 * The npm registry's host and the address the host machine resolves it to. A build's own DNS
 * lookups fail here now and then under npm ci's parallel fetches (EAI_AGAIN, which npm does not
 * retry), so builds are told the address the way `docker build --add-host` would.
 */
async function registryHost(): Promise<{ host: string; address: string } | null> {
  const host = new URL(process.env.npm_config_registry ?? 'https://registry.npmjs.org/').hostname;
  try {
    return { host, address: (await dns.promises.lookup(host)).address };
  } catch {
    return null;
  }
}

/**
 * `podman build` of one target, as an operator would run `docker build`: --pull=never (nothing
 * can be pulled), the host's network, Docker format (OCI drops HEALTHCHECK), the CA bundle as a
 * build secret. The host's npm cache is lent to the build as an overlay (its writes are thrown
 * away) at NPM_SEED_CACHE, where the Dockerfile's own cache mount does not hide it, so npm ci
 * installs from it rather than the network; without one, the Dockerfile's own cache mount is used.
 */
export async function buildTarget(options: BuildOptions): Promise<void> {
  const npmCache = path.join(os.homedir(), '.npm');
  const registry = await registryHost();
  const args = [
    'build',
    '--pull=never',
    // The host's network for RUN steps: a bridge made and removed for each step changes the
    // host's addresses, which cuts a browser's requests in flight (ERR_NETWORK_CHANGED) while
    // other tests run beside the build.
    '--network',
    'host',
    '--format',
    'docker',
    '--jobs',
    '2',
    // A build started at the lowest priority (npm test's, beside the suites) runs its steps at
    // the lowest CPU weight too: they run in podman's own cgroups, where niceness counts for
    // nothing against the host's processes (docs/testing.md#the-suites-time).
    ...(os.getPriority() >= 19 ? ['--cpu-shares', '2'] : []),
    '--ignorefile',
    IGNORE_FILE,
    ...(fs.existsSync(CA_BUNDLE) ? ['--secret', `id=ca,src=${CA_BUNDLE}`] : []),
    ...(registry ? ['--add-host', `${registry.host}:${registry.address}`] : []),
    // Lent where the Dockerfile's own cache mount (/root/.npm) does not hide it.
    ...(fs.existsSync(path.join(npmCache, '_cacache'))
      ? [
          '--volume',
          `${npmCache}:/npm-seed-cache:O`,
          '--build-arg',
          'NPM_SEED_CACHE=/npm-seed-cache',
        ]
      : []),
    '--build-arg',
    `NODE_IMAGE=${options.base.node}`,
    '--build-arg',
    `NGINX_IMAGE=${options.base.nginx}`,
    ...Object.entries(options.labels).flatMap(([k, v]) => ['--build-arg', `${k}=${v}`]),
    '--file',
    options.dockerfile,
    '--target',
    options.target,
    '--tag',
    options.image,
    REPO_ROOT,
  ];
  await podman(args, { logFile: options.logFile, timeoutMs: 15 * 60_000 });
}

export interface ImageInfo {
  readonly Id: string;
  readonly Config: { User?: string; Labels?: Record<string, string> | null; Healthcheck?: unknown };
}

export async function inspectImage(image: string): Promise<ImageInfo> {
  const r = await podman(['image', 'inspect', '--format', 'json', image]);
  return (JSON.parse(r.stdout) as ImageInfo[])[0]!;
}

/** Runs `script` with sh in a throwaway container of `image` (its own user, no network). */
export async function shellIn(image: string, script: string) {
  return podman(
    ['run', '--rm', '--network', 'none', '--read-only', '--entrypoint', 'sh', image, '-c', script],
    { allowFailure: true, timeoutMs: 60_000 },
  );
}

/** podman's build containers now (buildah's `…-working-container`s, outside `podman ps`). */
export async function buildContainers(): Promise<Map<string, string>> {
  const r = await podman(['ps', '--all', '--external', '--format', '{{.ID}} {{.Names}}'], {
    allowFailure: true,
  });
  const found = new Map<string, string>();
  for (const line of r.stdout.split('\n')) {
    const [id, name] = line.trim().split(/\s+/);
    if (id && name && /-working-container(-\d+)?$/.test(name)) found.set(id, name);
  }
  return found;
}

/** Removes the build containers that were not there `before` (an interrupted build leaves them). */
export async function removeBuildContainers(before: Map<string, string>): Promise<string[]> {
  const left = [...(await buildContainers()).keys()].filter((id) => !before.has(id));
  if (left.length) await podman(['rm', '--force', ...left], { allowFailure: true });
  return left;
}
