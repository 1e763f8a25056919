import type { Logger } from 'pino';
import { createClient } from 'redis';

export type RedisClient = ReturnType<typeof createClient>;
// What rate-limit-redis expects of a command's reply.
type RedisReply = boolean | number | string | (boolean | number | string)[];

export class RedisTimeoutError extends Error {
  override readonly name = 'RedisTimeoutError';
}

/**
 * One Redis connection shared by the session store and the rate limiter. Commands fail at once
 * while it is disconnected (no offline queue) and it reconnects in the background, so a Redis
 * outage turns into fast 503s and recovery needs no restart.
 */
export class RedisConnection {
  readonly client: RedisClient;
  private lastError = 0;
  private closed = false;

  constructor(
    url: string,
    private readonly logger: Logger,
    private readonly timeoutMs: number,
  ) {
    this.client = createClient({
      url,
      disableOfflineQueue: true,
      socket: {
        connectTimeout: Math.max(timeoutMs, 500),
        reconnectStrategy: (retries: number) => Math.min(100 * 2 ** Math.min(retries, 4), 1000),
      },
    });
    this.client.on('error', (err: Error) => {
      // Reconnection errors repeat every second or so; one line every 10 s is enough.
      if (Date.now() - this.lastError > 10_000) {
        this.lastError = Date.now();
        this.logger.warn({ cause: err.message }, 'redis connection error');
      }
    });
    this.client.on('ready', () => this.logger.info('redis connected'));
  }

  /** Starts connecting; never throws (the client keeps retrying on its own). */
  start(): void {
    this.client.connect().catch((err: unknown) => {
      this.logger.warn({ cause: (err as Error).message }, 'redis not reachable yet');
    });
  }

  async ping(): Promise<void> {
    await this.command(['PING']);
  }

  /**
   * A raw command that fails with a RedisTimeoutError past the deadline, so that nothing on a
   * request's path waits on a paused or hung Redis.
   */
  async command(args: string[]): Promise<RedisReply> {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        this.client.sendCommand<RedisReply>(args),
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(
            () => reject(new RedisTimeoutError(`redis did not answer in ${this.timeoutMs} ms`)),
            this.timeoutMs,
          );
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      if (this.client.isOpen) await this.client.close();
      else this.client.destroy();
    } catch {
      this.client.destroy();
    }
  }
}
