import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { freePort, tempDir, waitFor, which } from './processes.js';

/** Finds redis-server on PATH or in the usual places. */
export function redisServerBinary(): string {
  const found = which('redis-server');
  if (!found) throw new Error('redis-server is not installed: apt-get install -y redis-server');
  return found;
}

/** PING over a raw socket: true once the server answers +PONG. */
export function redisPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
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
export function redisCommand(port: number, ...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
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

export interface RedisServerOptions {
  /**
   * Append-only file, fsync'ed on every write: the data survives a kill and a restart (default).
   * `false`: nothing persisted.
   */
  persist?: boolean;
  /** The redis-server binary (default: redisServerBinary()). */
  binary?: string;
}

/** A real redis-server on a free loopback port, in its own folder. */
export class RedisServer {
  private child: ChildProcess | undefined;
  private output = '';
  readonly dir = tempDir('redis-');
  port = 0;

  constructor(private readonly options: RedisServerOptions = {}) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** The running redis-server process (e.g. to kill it when the parent exits). */
  get process(): ChildProcess | undefined {
    return this.child;
  }

  /** Starts it (again, on the same port and folder after kill()) and waits for its PONG. */
  async start(): Promise<this> {
    this.port ||= await freePort();
    const persist = this.options.persist ?? true;
    const child = spawn(
      this.options.binary ?? redisServerBinary(),
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--dir',
        this.dir,
        ...(persist ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no']),
        '--save',
        '',
        '--protected-mode',
        'no',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child = child;
    this.output = '';
    const keep = (d: Buffer) => (this.output = (this.output + d.toString()).slice(-4000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    try {
      await waitFor(
        () => {
          if (child.exitCode !== null || child.signalCode !== null) {
            throw new Error(`redis-server exited: ${this.output}`);
          }
          return this.ping();
        },
        { timeoutMs: 10_000, what: 'redis-server' },
      );
    } catch (err) {
      await this.kill();
      throw err;
    }
    return this;
  }

  ping(): Promise<boolean> {
    return redisPing(this.port);
  }

  command(...args: string[]): Promise<string> {
    return redisCommand(this.port, ...args);
  }

  /** Stops it the hard way (as a crash would). */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
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

  /** Kills it and removes its folder. */
  async stop(): Promise<void> {
    this.resume();
    await this.kill();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
