import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { tempDir } from './gateway.js';
import { freePort, waitFor } from './ports.js';

/** Finds redis-server on PATH or in the usual places. */
export function redisServerBinary(): string {
  for (const candidate of [
    '/usr/bin/redis-server',
    '/usr/sbin/redis-server',
    '/usr/local/bin/redis-server',
  ]) {
    if (fs.existsSync(candidate)) return candidate;
  }
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  if (found.status === 0 && found.stdout.trim()) return found.stdout.trim();
  throw new Error('redis-server is not installed: apt-get install -y redis-server');
}

/** A real redis-server on a free loopback port, persisting to its own folder (survives a restart). */
export class RedisServer {
  private child: ChildProcess | undefined;
  readonly dir = tempDir('redis-');
  port = 0;

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    this.port ||= await freePort();
    this.child = spawn(
      redisServerBinary(),
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--dir',
        this.dir,
        '--appendonly',
        'yes',
        '--appendfsync',
        'always',
        '--save',
        '',
        '--protected-mode',
        'no',
      ],
      { stdio: 'ignore' },
    );
    await waitFor(() => this.ping(), { timeoutMs: 10_000, what: 'redis-server' });
    return this;
  }

  /** PING over a raw socket. */
  ping(): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = net.connect(this.port, '127.0.0.1');
      socket.setTimeout(500, () => {
        socket.destroy();
        resolve(false);
      });
      socket.on('error', () => resolve(false));
      socket.on('data', (d) => {
        resolve(d.toString().startsWith('+PONG'));
        socket.destroy();
      });
      socket.write('PING\r\n');
    });
  }

  /** Sends one command and returns the raw reply (e.g. INFO commandstats). */
  command(...args: string[]): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(this.port, '127.0.0.1');
      let reply = '';
      socket.on('error', reject);
      socket.on('data', (d) => {
        reply += d.toString();
        const m = /^\$(\d+)\r\n/.exec(reply);
        if (!m || reply.length >= m[0].length + Number(m[1]) + 2) {
          socket.destroy();
          resolve(reply);
        }
      });
      socket.write(
        `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`,
      );
    });
  }

  /** Stops it the hard way (as a crash would). */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }

  /** Freezes it: connections stay open but nothing answers. */
  pause(): void {
    this.child?.kill('SIGSTOP');
  }

  resume(): void {
    this.child?.kill('SIGCONT');
  }

  async stop(): Promise<void> {
    this.resume();
    await this.kill();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
