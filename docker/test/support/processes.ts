import { which } from '@onboarding/test-support';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

/** The processes whose parent is `pid` (Linux /proc). */
function childPids(pid: number): number[] {
  const found: number[] = [];
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return found;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) found.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return found;
}

function readIfExists(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** A child process with its output kept (stdout and stderr) and its exit awaited. */
export class Proc {
  stdout = '';
  stderr = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private ended = false;

  constructor(
    readonly name: string,
    readonly child: ChildProcess,
    private readonly stdoutFile?: string,
  ) {
    child.stdout?.on('data', (d: Buffer) => (this.stdout += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (this.stderr += d.toString()));
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        this.ended = true;
        resolve({ code, signal });
      }),
    );
  }

  get running(): boolean {
    return !this.ended;
  }

  /** Every JSON line it printed on stdout. */
  jsonLines(): Record<string, unknown>[] {
    const lines: Record<string, unknown>[] = [];
    const text = this.stdoutFile ? readIfExists(this.stdoutFile) : this.stdout;
    for (const line of text.split('\n')) {
      if (!line.startsWith('{')) continue;
      try {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // a line cut in the middle of a write: complete on the next read
      }
    }
    return lines;
  }

  signal(signal: NodeJS.Signals): void {
    if (this.running) this.child.kill(signal);
  }

  /**
   * `signal` (SIGTERM by default), then SIGKILL — for it and the processes it started (nginx's
   * workers would outlive a killed master) — if it has not ended after `graceMs`.
   */
  async stop(graceMs = 5_000, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    if (!this.running) return;
    const pid = this.child.pid;
    const children = pid === undefined ? [] : childPids(pid);
    this.child.kill(signal);
    const timer = setTimeout(() => {
      for (const c of pid === undefined ? [] : [...childPids(pid), ...children]) {
        try {
          process.kill(c, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      this.signal('SIGKILL');
    }, graceMs);
    await this.exited;
    clearTimeout(timer);
  }

  /** What it said, for failure messages. */
  output(): string {
    return `--- ${this.name} stdout ---\n${this.stdout.slice(-4000)}\n--- ${this.name} stderr ---\n${this.stderr.slice(-4000)}`;
  }
}

/**
 * Starts `command args` with exactly the environment given (plus PATH), in `cwd`. With
 * `stdoutFile`, stdout goes to that file (nginx opens /dev/stdout, which a socket cannot be).
 */
export function start(
  name: string,
  command: string,
  args: readonly string[],
  options: { cwd: string; env: Record<string, string>; stdoutFile?: string },
): Proc {
  const out = options.stdoutFile ? fs.openSync(options.stdoutFile, 'a') : 'pipe';
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...options.env },
    stdio: ['ignore', out, 'pipe'],
  });
  if (typeof out === 'number') fs.closeSync(out);
  return new Proc(name, child, options.stdoutFile);
}

/**
 * A Debian package's binary: installed with apt-get when missing and we are root (as the CI
 * machine is), otherwise a clear error with the line to run.
 */
export function ensureDebianBinary(binary: string, pkg: string): string {
  const found = which(binary);
  if (found) return found;
  // Waits for another apt-get (a parallel test worker) instead of failing on its lock.
  const apt = 'apt-get -o DPkg::Lock::Timeout=300';
  const line = `${apt} install -y --no-install-recommends ${pkg}`;
  if (process.getuid?.() !== 0 || !which('apt-get')) {
    throw new Error(
      `${binary} is not installed: sudo apt-get update && sudo apt-get install -y ${pkg}`,
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let r = spawnSync('sh', ['-c', line], { env, encoding: 'utf8', timeout: 300_000 });
  if (r.status !== 0) {
    spawnSync('sh', ['-c', `${apt} update -qq`], { env, timeout: 300_000 });
    r = spawnSync('sh', ['-c', line], { env, encoding: 'utf8', timeout: 300_000 });
  }
  const installed = which(binary);
  if (!installed) throw new Error(`could not install ${pkg}: ${r.stderr ?? ''}`);
  return installed;
}
