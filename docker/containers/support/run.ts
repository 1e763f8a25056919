// Commands of the container check: podman and friends as child processes, their output kept
// (and streamed to a log file for the long ones), every child killed on Ctrl+C.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const CONTAINERS_DIR = path.join(REPO_ROOT, 'docker/containers');
/** podman's settings: runc, ulimits this machine allows, netavark (never /etc). */
const CONTAINERS_CONF = path.join(CONTAINERS_DIR, 'containers.conf');

export interface RunResult {
  readonly command: string;
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  cwd?: string;
  input?: string | Buffer;
  /** Appends stdout and stderr here as they come (builds: minutes of output). */
  logFile?: string;
  timeoutMs?: number;
  /** A non-zero exit is an answer, not an error (e.g. `podman image exists`). */
  allowFailure?: boolean;
}

const children = new Set<ChildProcess>();

/** The environment every podman command runs with. */
function podmanEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  return { ...process.env, CONTAINERS_CONF, ...extra };
}

class CommandError extends Error {
  readonly result: RunResult;

  constructor(result: RunResult) {
    const output = (result.stderr.trim() || result.stdout.trim()).split('\n').slice(-25).join('\n');
    super(
      `${result.command} ${result.signal ? `was killed (${result.signal})` : `exited ${result.code}`}` +
        (output ? `:\n${output}` : ''),
    );
    this.result = result;
  }
}

/** Runs a command to its end; rejects on a non-zero exit unless `allowFailure`. */
export function run(cmd: string, args: readonly string[], options: RunOptions = {}) {
  const command = [cmd, ...args].map((a) => (/[\s"'$]/.test(a) ? JSON.stringify(a) : a)).join(' ');
  return new Promise<RunResult>((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: options.cwd ?? REPO_ROOT,
      env: podmanEnv(options.env),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    children.add(child);
    const log = options.logFile ? fs.createWriteStream(options.logFile, { flags: 'a' }) : undefined;
    log?.write(`\n$ ${command}\n`);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => {
      out.push(d);
      log?.write(d);
    });
    child.stderr.on('data', (d: Buffer) => {
      err.push(d);
      log?.write(d);
    });
    const timer = options.timeoutMs
      ? setTimeout(() => child.kill('SIGTERM'), options.timeoutMs)
      : undefined;
    child.on('error', (error) => {
      children.delete(child);
      clearTimeout(timer);
      log?.end();
      reject(new Error(`${command}: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      children.delete(child);
      clearTimeout(timer);
      log?.end();
      const result: RunResult = {
        command,
        code,
        signal,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      };
      if (code === 0 || options.allowFailure) resolve(result);
      else reject(new CommandError(result));
    });
    if (options.input !== undefined) child.stdin.end(options.input);
    else child.stdin.end();
  });
}

/** `podman …` with the project's containers.conf. */
export function podman(args: readonly string[], options: RunOptions = {}) {
  return run('podman', args, options);
}

/** A long-running child (the podman API service), killed by `stopAll` at the latest. */
export function start(cmd: string, args: readonly string[], logFile: string): ChildProcess {
  const log = fs.openSync(logFile, 'a');
  const child = spawn(cmd, args, {
    cwd: REPO_ROOT,
    env: podmanEnv(),
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

/** Ends every child still running (Ctrl+C, a failure): TERM, then KILL after a moment. */
export async function stopAll(): Promise<void> {
  const running = [...children].filter((c) => c.exitCode === null && c.signalCode === null);
  for (const c of running) c.kill('SIGTERM');
  await Promise.all(
    running.map(
      (c) =>
        new Promise<void>((resolve) => {
          const t = setTimeout(() => {
            c.kill('SIGKILL');
            resolve();
          }, 5_000);
          c.once('exit', () => {
            clearTimeout(t);
            resolve();
          });
        }),
    ),
  );
}

/** Seconds since `t0` (performance.now()), one decimal. */
export function seconds(t0: number): string {
  return ((performance.now() - t0) / 1000).toFixed(1);
}
