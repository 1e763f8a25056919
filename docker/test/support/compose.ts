import { spawnSync } from 'node:child_process';
import { parse } from 'yaml';
import { which } from '@onboarding/test-support';
import { ensureDebianBinary } from './processes.js';
import { COMPOSE_FILE, REPO_ROOT } from './paths.js';

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile?: string; target?: string };
  environment?: Record<string, string | null>;
  ports?: unknown[];
  depends_on?: Record<string, { condition?: string }> | string[];
  networks?: Record<string, { aliases?: string[] } | null>;
  command?: string[] | string;
  healthcheck?: { test?: string[] | string };
  volumes?: unknown[];
  user?: string;
  read_only?: boolean;
  cap_drop?: string[];
  security_opt?: string[];
  tmpfs?: string[] | string;
  mem_limit?: string;
  cpus?: number | string;
  pids_limit?: number;
  logging?: { driver?: string; options?: Record<string, string> };
}

export interface ComposeConfig {
  services: Record<string, ComposeService>;
  networks?: Record<string, { internal?: boolean } | null>;
  volumes?: Record<string, unknown>;
}

export interface ComposeResult {
  /** The command line that was run. */
  readonly command: string;
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** The normalized configuration, when it validated. */
  readonly config: ComposeConfig | undefined;
}

/**
 * The Compose CLI of this machine: the `docker compose` plugin when the Docker client has it,
 * else Debian's `docker-compose` (installed with apt-get when missing and we are root). Neither
 * needs a Docker engine for `config`, which validates, interpolates and normalizes the file.
 */
function composeCli(): { command: string; args: string[]; json: boolean } {
  const docker = which('docker');
  if (docker) {
    const plugin = spawnSync(docker, ['compose', 'version'], { encoding: 'utf8' });
    if (plugin.status === 0) return { command: docker, args: ['compose'], json: true };
  }
  const standalone = ensureDebianBinary('docker-compose', 'docker-compose');
  return { command: standalone, args: [], json: false };
}

/**
 * `docker compose -f docker/compose.yaml config` with exactly the variables given; several files
 * are merged in order, as `-f a -f b`.
 */
export function composeConfig(
  vars: Record<string, string>,
  file: string | readonly string[] = COMPOSE_FILE,
): ComposeResult {
  const cli = composeCli();
  const files = (typeof file === 'string' ? [file] : file).flatMap((f) => ['-f', f]);
  const args = [...cli.args, ...files, 'config', ...(cli.json ? ['--format', 'json'] : [])];
  const r = spawnSync(cli.command, args, {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...vars },
    timeout: 60_000,
  });
  const command = [cli.command, ...args].join(' ');
  const config =
    r.status === 0
      ? ((cli.json ? JSON.parse(r.stdout) : parse(r.stdout)) as ComposeConfig)
      : undefined;
  return { command, status: r.status, stdout: r.stdout, stderr: r.stderr, config };
}

/** A service's environment as plain strings (null and missing values left out). */
export function serviceEnv(config: ComposeConfig, service: string): Record<string, string> {
  const env = config.services[service]?.environment ?? {};
  return Object.fromEntries(
    Object.entries(env)
      .filter((e): e is [string, string] => e[1] !== null && e[1] !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
}

/** The networks a service is on (`default` when it names none). */
export function serviceNetworks(config: ComposeConfig, service: string): string[] {
  const networks = config.services[service]?.networks;
  return networks ? Object.keys(networks).sort() : ['default'];
}

/** Service names a service waits for. */
export function dependsOn(config: ComposeConfig, service: string): Record<string, string> {
  const deps = config.services[service]?.depends_on ?? {};
  if (Array.isArray(deps)) return Object.fromEntries(deps.map((d) => [d, 'service_started']));
  return Object.fromEntries(
    Object.entries(deps).map(([k, v]) => [k, v.condition ?? 'service_started']),
  );
}

/**
 * The compose environment, moved to this machine: every `host:port` of a compose service (or
 * alias) — in URLs (`http://sandbox.localhost:4010/oidc`, `redis://redis:6379`) and in nginx
 * `server` lines — becomes the local address standing in for it; then the overrides apply.
 */
export function adaptToLocal(
  env: Record<string, string>,
  hosts: Record<string, string>,
  overrides: Record<string, string>,
): Record<string, string> {
  const adapted: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    let local = value;
    for (const [from, to] of Object.entries(hosts)) {
      const escaped = from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      local = local.replace(new RegExp(`(^|[\\s/@])${escaped}(?=$|[\\s/;,])`, 'g'), `$1${to}`);
    }
    adapted[key] = local;
  }
  return { ...adapted, ...overrides };
}

/**
 * A service's published ports as { address, published, target }, from either CLI's normal form:
 * `"127.0.0.1:8080:8080/tcp"` or `{ host_ip, published, target }` (no host_ip: every address).
 */
export function publishedPorts(config: ComposeConfig, service: string) {
  return (config.services[service]?.ports ?? []).map((port) => {
    if (typeof port === 'string') {
      const m = /^(?:(.+):)?(\d+):(\d+)(?:\/\w+)?$/.exec(port);
      if (!m) throw new Error(`a port of ${service} that does not read: ${port}`);
      return { address: m[1] ?? '', published: m[2], target: m[3] };
    }
    const p = port as { host_ip?: string; published?: string | number; target?: string | number };
    return { address: p.host_ip ?? '', published: String(p.published), target: String(p.target) };
  });
}
