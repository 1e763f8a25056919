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

const encode = (args: readonly string[]) =>
  `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`;
/** AUTH before the command when the server has a password; its +OK is not part of the reply. */
const authFirst = (password: string | undefined) => (password ? encode(['AUTH', password]) : '');
const AUTH_OK = '+OK\r\n';

/** PING over a raw socket (after AUTH when given a password): true once it answers +PONG. */
export function redisPing(port: number, password?: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(500, () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(false));
    let reply = '';
    socket.on('data', (d) => {
      reply += d.toString();
      if (password && reply === AUTH_OK) return;
      resolve((password ? reply.replace(AUTH_OK, '') : reply).startsWith('+PONG'));
      socket.destroy();
    });
    socket.write(authFirst(password) + 'PING\r\n');
  });
}

/** Sends one command and returns the raw reply (e.g. INFO commandstats). */
export function redisCommand(port: number, ...args: string[]): Promise<string> {
  return redisCommandAs(port, undefined, ...args);
}

/** redisCommand on a server with a password (AUTH first). */
export function redisCommandAs(
  port: number,
  password: string | undefined,
  ...args: string[]
): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let reply = '';
    socket.on('error', reject);
    socket.on('data', (d) => {
      reply += d.toString();
      if (password && reply.startsWith(AUTH_OK)) reply = reply.slice(AUTH_OK.length);
      else if (password && AUTH_OK.startsWith(reply)) return;
      const m = /^\$(\d+)\r\n/.exec(reply);
      if (!m || reply.length >= m[0].length + Number(m[1]) + 2) {
        socket.destroy();
        resolve(reply);
      }
    });
    socket.write(authFirst(password) + encode(args));
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
  /** `requirepass`: clients must AUTH with it (it is in `url` as `redis://:password@…`). */
  password?: string;
}

/** A real redis-server on a free loopback port, in its own folder. */
export class RedisServer {
  private child: ChildProcess | undefined;
  private output = '';
  readonly dir = tempDir('redis-');
  port = 0;

  constructor(private readonly options: RedisServerOptions = {}) {}

  get url(): string {
    const auth = this.options.password ? `:${encodeURIComponent(this.options.password)}@` : '';
    return `redis://${auth}127.0.0.1:${this.port}`;
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
        ...(this.options.password ? ['--requirepass', this.options.password] : []),
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
    return redisPing(this.port, this.options.password);
  }

  command(...args: string[]): Promise<string> {
    return redisCommandAs(this.port, this.options.password, ...args);
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
