import { RedisStore } from 'connect-redis';
import session, { type SessionData } from 'express-session';
import path from 'node:path';
import type { Logger } from 'pino';
import type { GatewayConfig } from '../../config/app-config.js';
import type { RedisConnection } from '../../common/redis/redis-connection.js';
import type { StoreCallObserver, StoreOperation } from '../../metrics/gateway-metrics.js';
import { Deadline, DeadlineError } from '../../common/resilience/deadline.js';
import { SqliteSessionStore } from './sqlite-session.store.js';

type Callback<T = void> = (err?: unknown, value?: T | null) => void;

class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
}

/**
 * Store calls answer within `timeoutMs` or fail, never hang (docs/security.md#session-store);
 * node-redis's own timeout ends at the socket write, so a paused Redis would hold a request.
 */
export class FailFastSessionStore extends session.Store {
  /** When this process last pushed each session's expiry forward. */
  private readonly touchedAt = new Map<string, number>();

  constructor(
    private readonly inner: session.Store & { ping(): Promise<void>; close?(): void },
    timeoutMs: number,
    /** A touch closer than this to the previous one is skipped (idle expiry stays within it). */
    private readonly touchIntervalMs: number,
    /** Told of every call's time and failure (metrics). */
    private readonly observe: StoreCallObserver = () => undefined,
  ) {
    super();
    this.deadline = new Deadline(timeoutMs, 'the session store');
  }
  private readonly deadline: Deadline;

  override get(sid: string, cb: Callback<SessionData>): void {
    this.guard('get', cb, (done) => this.inner.get(sid, done));
  }
  /** Rolling idle expiry, cheaply: most requests of a session in steady use cost one read. */
  override touch(sid: string, sess: SessionData, cb?: Callback): void {
    const now = Date.now();
    if (now - (this.touchedAt.get(sid) ?? -Infinity) < this.touchIntervalMs) return cb?.();
    if (this.touchedAt.size > 50_000) this.touchedAt.clear();
    this.guard('touch', cb, (done) =>
      this.inner.touch!(sid, sess, (err?: unknown) => {
        if (!err) this.touchedAt.set(sid, now);
        done(err);
      }),
    );
  }
  override set(sid: string, sess: SessionData, cb?: Callback): void {
    this.touchedAt.delete(sid);
    this.guard('set', cb, (done) => this.inner.set(sid, sess, done));
  }
  override destroy(sid: string, cb?: Callback): void {
    this.touchedAt.delete(sid);
    this.guard('destroy', cb, (done) => this.inner.destroy(sid, done));
  }
  /** Resolves when the store answers (Redis commands carry their own deadline). */
  ping(): Promise<void> {
    return this.inner.ping();
  }
  close(): void {
    this.inner.close?.();
  }

  private guard<T>(
    operation: StoreOperation,
    cb: Callback<T> | undefined,
    work: (done: Callback<T>) => void,
  ): void {
    const started = performance.now();
    const observed = (failure?: 'timeout' | 'error') =>
      this.observe(operation, (performance.now() - started) / 1000, failure);
    this.deadline
      .run(
        () =>
          new Promise<T | null | undefined>((resolve, reject: (err: Error) => void) => {
            work((err, value) => (err ? reject(err as Error) : resolve(value)));
          }),
      )
      .then(
        (value) => {
          observed();
          cb?.(null, value);
        },
        (err: unknown) => {
          observed(err instanceof DeadlineError ? 'timeout' : 'error');
          cb?.(new StoreUnavailableError('session store failed', { cause: err }));
        },
      );
  }
}

export function createSessionStore(
  config: GatewayConfig,
  redis: RedisConnection | undefined,
  logger: Logger,
  observe?: StoreCallObserver,
): FailFastSessionStore {
  const { session: s } = config;
  // Idle expiry may run up to 1/20 of the idle timeout (at most a minute) short.
  const touchIntervalMs = Math.min(Math.floor(s.idleTimeoutMs / 20), 60_000);
  if (s.store === 'redis') {
    if (!redis) throw new Error('SESSION_STORE=redis needs a Redis connection');
    const ttl = Math.ceil(s.idleTimeoutMs / 1000);
    const store = new RedisStore({ client: redis.client, prefix: 'onboarding:sess:', ttl });
    const inner = Object.assign(store, { ping: () => redis.ping() });
    return new FailFastSessionStore(inner, s.storeTimeoutMs, touchIntervalMs, observe);
  }
  const file = path.join(config.dataDir, 'sessions.sqlite');
  logger.info({ file }, 'sessions kept in SQLite');
  const inner = new SqliteSessionStore(file, s.idleTimeoutMs);
  return new FailFastSessionStore(inner, s.storeTimeoutMs, touchIntervalMs, observe);
}
