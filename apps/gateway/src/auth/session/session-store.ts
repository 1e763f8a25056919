import { RedisStore } from 'connect-redis';
import session, { type SessionData } from 'express-session';
import path from 'node:path';
import type { Logger } from 'pino';
import type { GatewayConfig } from '../../config/app-config.js';
import type { RedisConnection } from '../../common/redis/redis-connection.js';
import { SqliteSessionStore } from './sqlite-session.store.js';

type Callback<T = void> = (err?: unknown, value?: T | null) => void;

export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
}

interface InnerStore extends session.Store {
  get(sid: string, cb: Callback<SessionData>): void;
  set(sid: string, sess: SessionData, cb?: Callback): void;
  touch(sid: string, sess: SessionData, cb?: Callback): void;
  destroy(sid: string, cb?: Callback): void;
}

/**
 * Wraps the real store so that no request ever waits on it for long: every call answers within
 * `timeoutMs`, with a StoreUnavailableError when the store is slow or down (security.md: "If the
 * store is down, requests fail fast (503) rather than hang").
 */
export class FailFastSessionStore extends session.Store {
  /** When this process last pushed each session's expiry forward. */
  private readonly touchedAt = new Map<string, number>();

  constructor(
    private readonly inner: InnerStore,
    private readonly timeoutMs: number,
    private readonly pingInner: () => Promise<void>,
    private readonly closeInner: () => Promise<void> | void,
    readonly kind: 'sqlite' | 'redis',
    /** A touch closer than this to the previous one is skipped (idle expiry stays within it). */
    private readonly touchIntervalMs = 0,
  ) {
    super();
  }

  override get(sid: string, cb: Callback<SessionData>): void {
    this.guard(cb, (done) => this.inner.get(sid, done));
  }
  /**
   * Rolling idle expiry, cheaply: a session in steady use has its expiry pushed forward at most
   * once per `touchIntervalMs` by this process, so most requests cost a single store read.
   */
  override touch(sid: string, sess: SessionData, cb?: Callback): void {
    const now = Date.now();
    const last = this.touchedAt.get(sid);
    if (last !== undefined && now - last < this.touchIntervalMs) {
      cb?.();
      return;
    }
    if (this.touchedAt.size > 50_000) this.touchedAt.clear();
    this.guard(cb, (done) =>
      this.inner.touch(sid, sess, (err, value) => {
        if (!err) this.touchedAt.set(sid, now);
        done(err, value);
      }),
    );
  }
  override set(sid: string, sess: SessionData, cb?: Callback): void {
    this.touchedAt.delete(sid);
    this.guard(cb, (done) => this.inner.set(sid, sess, done));
  }
  override destroy(sid: string, cb?: Callback): void {
    this.touchedAt.delete(sid);
    this.guard(cb, (done) => this.inner.destroy(sid, done));
  }

  /** Resolves when the store answers within the deadline. */
  async ping(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.pingInner(),
        new Promise<never>((_r, reject) => {
          timer = setTimeout(
            () => reject(new StoreUnavailableError('session store ping timed out')),
            this.timeoutMs,
          );
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    await this.closeInner();
  }

  private guard<T>(cb: Callback<T> | undefined, work: (done: Callback<T>) => void): void {
    let settled = false;
    const timer = setTimeout(() => {
      if (settled) return;
      settled = true;
      cb?.(new StoreUnavailableError('session store did not answer in time'));
    }, this.timeoutMs);
    const done: Callback<T> = (err, value) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (err) cb?.(new StoreUnavailableError('session store failed', { cause: err }));
      else cb?.(null, value);
    };
    try {
      work(done);
    } catch (err) {
      done(err);
    }
  }
}

export function createSessionStore(
  config: GatewayConfig,
  redis: RedisConnection | undefined,
  logger: Logger,
): FailFastSessionStore {
  const { session: s } = config;
  // Idle expiry may run up to 1/20 of the idle timeout (at most a minute) short.
  const touchIntervalMs = Math.min(Math.floor(s.idleTimeoutMs / 20), 60_000);
  if (s.store === 'redis') {
    if (!redis) throw new Error('SESSION_STORE=redis needs a Redis connection');
    const store = new RedisStore({
      client: redis.client,
      prefix: 'onboarding:sess:',
      ttl: Math.ceil(s.idleTimeoutMs / 1000),
    }) as unknown as InnerStore;
    return new FailFastSessionStore(
      store,
      s.storeTimeoutMs,
      () => redis.ping(),
      () => undefined,
      'redis',
      touchIntervalMs,
    );
  }
  const file = path.join(config.dataDir, 'sessions.sqlite');
  const store = new SqliteSessionStore(file, s.idleTimeoutMs);
  logger.info({ file }, 'sessions kept in SQLite');
  return new FailFastSessionStore(
    store,
    s.storeTimeoutMs,
    () => store.ping(),
    () => store.close(),
    'sqlite',
    touchIntervalMs,
  );
}
