import type { Logger } from 'pino';
import { createClient } from 'redis';
import { maskUrlCredentials } from '../../config/mask.js';
import { Deadline } from '../resilience/deadline.js';

// What rate-limit-redis expects of a command's reply.
type RedisReply = boolean | number | string | (boolean | number | string)[];

/**
 * No offline queue: commands fail at once while disconnected and it reconnects in the background,
 * so a Redis outage is fast 503s and recovery needs no restart.
 */
export class RedisConnection {
  readonly client;
  private lastError = 0;
  private readonly deadline;

  constructor(
    url: string,
    private readonly logger: Logger,
    timeoutMs: number,
  ) {
    this.deadline = new Deadline(timeoutMs, 'redis');
    this.client = createClient({
      url,
      disableOfflineQueue: true,
      // node-redis 6 gives every command a 5 s timeout of its own; ours is the store's deadline.
      commandOptions: { timeout: timeoutMs },
      socket: {
        connectTimeout: Math.max(timeoutMs, 500),
        reconnectStrategy: (retries: number) => Math.min(100 * 2 ** Math.min(retries, 4), 1000),
      },
    });
    this.client.on('error', (err: Error) => {
      // Reconnection errors repeat every second or so; one line every 10 s is enough.
      if (Date.now() - this.lastError < 10_000) return;
      this.lastError = Date.now();
      // REDIS_URL carries the credentials: an error quoting it must not print them.
      logger.warn({ cause: maskUrlCredentials(err.message) }, 'redis connection error');
    });
    this.client.on('ready', () => logger.info('redis connected'));
  }

  /** Starts connecting; never throws (the client keeps retrying on its own). */
  start(): this {
    this.client.connect().catch((err: unknown) => {
      this.logger.warn(
        { cause: maskUrlCredentials((err as Error).message) },
        'redis not reachable yet',
      );
    });
    return this;
  }

  /** Connected and answering: commands sent now are not refused as offline. */
  get isReady(): boolean {
    return this.client.isReady;
  }

  /** Runs `fn` once connected: at once if it is, else at the first 'ready'. */
  whenReady(fn: () => void): void {
    if (this.client.isReady) fn();
    else this.client.once('ready', fn);
  }

  async ping(): Promise<void> {
    await this.command(['PING']);
  }

  /**
   * A raw command that fails past the deadline, so that nothing on a request's path waits on a
   * paused or hung Redis (node-redis's own timeout ends once the command is written).
   */
  command(args: string[]): Promise<RedisReply> {
    return this.deadline.run(() => this.client.sendCommand<RedisReply>(args));
  }

  async close(): Promise<void> {
    if (this.client.isOpen) await this.client.close().catch(() => this.client.destroy());
    else this.client.destroy();
  }
}
