// docker/compose.yaml run for real: docker-compose (v1) against podman's Docker API, on a
// project name and ports of its own, with the health checks run by hand (no systemd here, so
// podman never runs them itself), and everything it started removed again.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sleep, waitFor } from '@onboarding/test-support';
import { type ChildProcess } from 'node:child_process';
import { podman, REPO_ROOT, run, start } from './run.ts';

const COMPOSE_FILE = path.join(REPO_ROOT, 'docker/compose.yaml');
export const SERVICES = ['web', 'gateway-1', 'gateway-2', 'redis', 'sandbox'] as const;
export type Service = (typeof SERVICES)[number];

export interface Container {
  readonly name: string;
  readonly service: string;
  readonly state: string;
  readonly status: string;
}

interface PsEntry {
  Names: string[];
  State: string;
  Status: string;
  Labels: Record<string, string> | null;
}

/** The containers, networks and volumes of compose project `project`. */
export async function projectResources(project: string) {
  const ps = await podman([
    'ps',
    '--all',
    '--filter',
    `label=com.docker.compose.project=${project}`,
    '--format',
    'json',
  ]);
  const containers = (JSON.parse(ps.stdout || '[]') as PsEntry[]).map((c): Container => ({
    name: c.Names[0] ?? '',
    service: c.Labels?.['com.docker.compose.service'] ?? '',
    state: c.State,
    status: c.Status,
  }));
  const names = async (kind: 'network' | 'volume') =>
    (await podman([kind, 'ls', '--format', '{{.Name}}'])).stdout
      .split('\n')
      .map((l) => l.trim())
      .filter((n) => n.startsWith(`${project}_`));
  return { containers, networks: await names('network'), volumes: await names('volume') };
}

/** Removes whatever of `project` is left, through podman itself (no compose, no API service). */
export async function sweep(project: string): Promise<string[]> {
  const left = await projectResources(project);
  const removed: string[] = [];
  if (left.containers.length) {
    await podman(['rm', '--force', '--time', '5', ...left.containers.map((c) => c.name)], {
      allowFailure: true,
    });
    removed.push(...left.containers.map((c) => `container ${c.name}`));
  }
  for (const n of left.networks) {
    await podman(['network', 'rm', '--force', n], { allowFailure: true });
    removed.push(`network ${n}`);
  }
  for (const v of left.volumes) {
    await podman(['volume', 'rm', '--force', v], { allowFailure: true });
    removed.push(`volume ${v}`);
  }
  return removed;
}

function ping(socket: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get({ socketPath: socket, path: '/_ping', timeout: 2_000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => {
      req.destroy();
      resolve(false);
    });
  });
}

export interface StackOptions {
  readonly project: string;
  /** Compose variables: secrets, ports, addresses, REDIS_IMAGE. */
  readonly vars: Record<string, string>;
  readonly logFile: string;
}

export class Stack {
  readonly project: string;
  private readonly vars: Record<string, string>;
  private readonly logFile: string;
  private readonly dir: string;
  private readonly socket: string;
  private service: ChildProcess | undefined;
  private healthLoop: Promise<void> | undefined;
  private stopping = false;

  constructor(options: StackOptions) {
    this.project = options.project;
    this.vars = options.vars;
    this.logFile = options.logFile;
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'onboarding-compose-'));
    this.socket = path.join(this.dir, 'podman.sock');
  }

  /** `docker-compose …` on the compose file, through podman's API, with only our variables. */
  compose(args: string[], timeoutMs = 180_000) {
    // An empty env file: a developer's docker/.env must not change what is checked.
    const envFile = path.join(this.dir, 'empty.env');
    fs.writeFileSync(envFile, '');
    return run(
      'docker-compose',
      ['--env-file', envFile, '-p', this.project, '-f', COMPOSE_FILE, ...args],
      {
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          DOCKER_HOST: `unix://${this.socket}`,
          ...this.vars,
        },
        logFile: this.logFile,
        timeoutMs,
      },
    );
  }

  /** Starts the API service and the health-check loop, then `up -d` (compose waits for health). */
  async up(): Promise<void> {
    this.service = start(
      'podman',
      ['system', 'service', '--time=0', `unix://${this.socket}`],
      this.logFile,
    );
    await waitFor(() => ping(this.socket), {
      timeoutMs: 20_000,
      intervalMs: 100,
      what: "podman's API service",
    });
    this.healthLoop = this.runHealthChecks();
    await this.compose(['up', '--detach', '--no-build']);
  }

  /** What `podman system service` has no systemd timer for: each health check every 2 s. */
  private async runHealthChecks(): Promise<void> {
    while (!this.stopping) {
      const { containers } = await projectResources(this.project).catch(() => ({
        containers: [] as Container[],
      }));
      for (const c of containers.filter((c) => c.state === 'running')) {
        if (this.stopping) break;
        await podman(['healthcheck', 'run', c.name], { allowFailure: true, timeoutMs: 15_000 });
      }
      await sleep(2_000);
    }
  }

  /** Ctrl+C: the health loop ends and the temporary folder goes; the caller sweeps the rest. */
  abandon(): void {
    this.stopping = true;
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  async containers(): Promise<Container[]> {
    return (await projectResources(this.project)).containers;
  }

  /** The container of `service` (docker-compose v1 names it <project>_<service>_1). */
  async container(service: Service): Promise<Container> {
    const found = (await this.containers()).find((c) => c.service === service);
    if (!found) throw new Error(`no container of service ${service} in ${this.project}`);
    return found;
  }

  /** Waits until every service's container runs and reports healthy. */
  async healthy(timeoutMs = 90_000): Promise<Container[]> {
    let last: Container[] = [];
    try {
      return await waitFor(
        async () => {
          last = await this.containers();
          const ok =
            SERVICES.every((s) => last.some((c) => c.service === s)) &&
            last.every((c) => c.state === 'running' && /\(healthy\)/.test(c.status));
          return ok ? last : undefined;
        },
        { timeoutMs, intervalMs: 500, what: 'every container healthy' },
      );
    } catch (error) {
      const states = last.map((c) => `${c.service}: ${c.state} ${c.status}`).join('; ');
      throw new Error(`${(error as Error).message}\n${states || 'no containers'}`, {
        cause: error,
      });
    }
  }

  /**
   * Writes each container's own output (`podman logs`) to `<dir>/<prefix>-<service>.log`: what a
   * gateway said when it could not reach Redis or the sandbox is gone once the stack is down.
   */
  async saveLogs(dir: string, prefix: string): Promise<void> {
    for (const c of await this.containers().catch(() => [])) {
      const r = await podman(['logs', '--timestamps', c.name], {
        allowFailure: true,
        timeoutMs: 15_000,
      }).catch(() => undefined);
      if (r) fs.writeFileSync(path.join(dir, `${prefix}-${c.service}.log`), r.stdout + r.stderr);
    }
  }

  /**
   * `down` (containers, networks, volumes), then whatever is left removed through podman; the
   * API service and the health loop stop. Returns what compose left behind (should be nothing).
   */
  async down(): Promise<string[]> {
    let composeError: Error | undefined;
    if (this.service && this.service.exitCode === null) {
      await this.compose(
        ['down', '--volumes', '--remove-orphans', '--timeout', '10'],
        120_000,
      ).catch((e: unknown) => {
        composeError = e instanceof Error ? e : new Error(String(e));
      });
    }
    this.stopping = true;
    await this.healthLoop;
    const leftovers = await sweep(this.project);
    if (this.service && this.service.exitCode === null) {
      const service = this.service;
      const exited = new Promise((r) => service.once('exit', r));
      service.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
    if (composeError) throw composeError;
    return leftovers;
  }
}
