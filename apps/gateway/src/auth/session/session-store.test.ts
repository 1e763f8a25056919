import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { SessionData } from 'express-session';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import { redisPerTest } from '../../../test/support/redis.js';
import type { GatewayConfig } from '../../config/app-config.js';
import session from 'express-session';
import { createSessionStore, FailFastSessionStore } from './session-store.js';

const IDLE_MS = 20_000;

/** The store as the gateway makes it, in SQLite, for an idle timeout of IDLE_MS. */
function sqliteStore(): FailFastSessionStore {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'session-store-test-'));
  const config = {
    dataDir,
    session: { store: 'sqlite', idleTimeoutMs: IDLE_MS, storeTimeoutMs: 1_000 },
  } as unknown as GatewayConfig;
  return createSessionStore(config, undefined, { info: () => undefined } as unknown as Logger);
}

/** What express-session hands the store at each request: the cookie's expiry rolled forward. */
const sessionNow = (): SessionData =>
  ({
    cookie: { expires: new Date(Date.now() + IDLE_MS), originalMaxAge: IDLE_MS },
    user: { email: 'operator@example.com' },
  }) as unknown as SessionData;

const call = <T>(fn: (cb: (err?: unknown, value?: T | null) => void) => void) =>
  new Promise<T | null | undefined>((resolve, reject: (err: Error) => void) =>
    fn((err, value) => (err ? reject(err as Error) : resolve(value))),
  );

/**
 * The touch throttle skips touches close together (session-store.ts): the idle expiry it keeps
 * may run at most 1/20 of the idle timeout short, never near half of it. Only the clock is faked
 * (jest's Date), so the idle timeout passes without waiting.
 */
describe('the session touch throttle', () => {
  let store: FailFastSessionStore | undefined;
  afterEach(() => {
    store?.close();
    jest.useRealTimers();
  });

  it('keeps a session in steady use alive for the idle timeout after its last request, less at most 1/20', async () => {
    jest.useFakeTimers({
      now: 1_000_000,
      doNotFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate'],
    });
    store = sqliteStore();
    const s = store;
    await call((cb) => s.set('sid-1', sessionNow(), cb));
    // A request every 0.4 s for 10 s (half the idle timeout): each one touches, or is throttled.
    for (let i = 1; i <= 25; i++) {
      jest.advanceTimersByTime(400);
      await call((cb) => s.touch('sid-1', sessionNow(), cb));
    }
    const lastRequest = Date.now();

    jest.setSystemTime(lastRequest + IDLE_MS * (19 / 20) - 100);
    expect(await call((cb) => s.get('sid-1', cb))).toMatchObject({
      user: { email: 'operator@example.com' },
    });
    jest.setSystemTime(lastRequest + IDLE_MS + 100);
    expect(await call((cb) => s.get('sid-1', cb))).toBeNull();
  });
});

type Cb = (err?: unknown, value?: SessionData | null) => void;

/** An inner store of our own, for failures and hangs SQLite cannot produce on demand. */
class RecordingStore extends session.Store {
  readonly calls: string[] = [];
  /** What each call answers next: fine, an error, or never. */
  next: 'ok' | 'fail' | 'hang' = 'ok';
  closed = false;
  private answer(call: string, cb: Cb, value?: SessionData | null) {
    this.calls.push(call);
    if (this.next === 'fail') cb(new Error('disk full'));
    else if (this.next === 'ok') cb(null, value);
  }
  override get(sid: string, cb: Cb) {
    this.answer(`get ${sid}`, cb, null);
  }
  override set(sid: string, _s: SessionData, cb?: Cb) {
    this.answer(`set ${sid}`, cb ?? (() => undefined));
  }
  override touch(sid: string, _s: SessionData, cb?: Cb) {
    this.answer(`touch ${sid}`, cb ?? (() => undefined));
  }
  override destroy(sid: string, cb?: Cb) {
    this.answer(`destroy ${sid}`, cb ?? (() => undefined));
  }
  ping() {
    return Promise.resolve();
  }
  close() {
    this.closed = true;
  }
}

const TOUCH_MS = 1_000;

describe('the fail-fast session store', () => {
  let inner: RecordingStore;
  let observed: [string, string | undefined][];
  /** The time each call was told to have taken, in seconds. */
  let durations: number[];
  let store: FailFastSessionStore;
  const touch = (sid: string) => call((cb) => store.touch(sid, sessionNow(), cb));
  const touches = (sid: string) => inner.calls.filter((c) => c === `touch ${sid}`).length;

  const make = (timeoutMs = 1_000) => {
    inner = new RecordingStore();
    observed = [];
    durations = [];
    store = new FailFastSessionStore(inner, timeoutMs, TOUCH_MS, (operation, seconds, failure) => {
      durations.push(seconds);
      observed.push([operation, failure]);
    });
  };
  afterEach(() => {
    jest.useRealTimers();
  });

  it('touches a session in the store once per touch interval, the touches between answered at once', async () => {
    jest.useFakeTimers({
      now: 1_000_000,
      doNotFake: ['setTimeout', 'clearTimeout', 'setImmediate'],
    });
    make();
    await touch('a');
    jest.advanceTimersByTime(TOUCH_MS - 1);
    await touch('a');
    expect(touches('a')).toBe(1);
    jest.advanceTimersByTime(1);
    await touch('a');
    expect(touches('a')).toBe(2);
  });

  it('tries a failed touch again at the next request', async () => {
    make();
    inner.next = 'fail';
    await expect(touch('a')).rejects.toThrow('session store failed');
    inner.next = 'ok';
    await touch('a');
    expect(touches('a')).toBe(2);
  });

  it('touches again after the session is saved or destroyed', async () => {
    make();
    await touch('a');
    await call((cb) => store.set('a', sessionNow(), cb));
    await touch('a');
    await call((cb) => store.destroy('a', cb));
    await touch('a');
    expect(touches('a')).toBe(3);
  });

  it('keeps each session its own touch time', async () => {
    make();
    await touch('a');
    await touch('b');
    await touch('a');
    expect([touches('a'), touches('b')]).toEqual([1, 1]);
  });

  // 50,000 store calls take seconds: more than the 5 s the mutation runs give a test.
  it('forgets every touch time once it holds more than 50,000, so memory stays bounded', async () => {
    // The clock stands still: 50,000 touches take longer than the touch interval.
    jest.useFakeTimers({
      now: 1_000_000,
      doNotFake: ['setTimeout', 'clearTimeout', 'setImmediate'],
    });
    make();
    // Each touch is recorded as the store answers, here at once: no need to wait for each.
    for (let i = 1; i <= 50_000; i++) store.touch(`s${i}`, sessionNow());
    await new Promise((resolve) => setImmediate(resolve));
    expect(inner.calls).toHaveLength(50_000);
    await touch('s50001');
    await touch('s1');
    expect(touches('s1')).toBe(1);
    await touch('s50002');
    await touch('s1');
    expect(touches('s1')).toBe(2);
  }, 20_000);

  it('answers a failing store with StoreUnavailableError, and tells each operation and its failure', async () => {
    make();
    inner.next = 'fail';
    const failures = [
      call((cb) => store.get('a', cb)),
      call((cb) => store.set('a', sessionNow(), cb)),
      touch('a'),
      call((cb) => store.destroy('a', cb)),
    ];
    for (const failure of failures) {
      await expect(failure).rejects.toMatchObject({
        name: 'StoreUnavailableError',
        message: 'session store failed',
        cause: { message: 'disk full' },
      });
    }
    expect(observed).toEqual([
      ['get', 'error'],
      ['set', 'error'],
      ['touch', 'error'],
      ['destroy', 'error'],
    ]);
  });

  it('answers a call without a callback, skipped or failed, without throwing', async () => {
    make();
    await touch('a');
    expect(() => store.touch('a', sessionNow())).not.toThrow();
    inner.next = 'fail';
    expect(() => store.set('a', sessionNow())).not.toThrow();
    expect(() => store.destroy('a')).not.toThrow();
    // The failures are told all the same.
    await new Promise((resolve) => setImmediate(resolve));
    expect(observed).toEqual([
      ['touch', undefined],
      ['set', 'error'],
      ['destroy', 'error'],
    ]);
  });

  it('gives up on a store that does not answer within its deadline, as a timeout', async () => {
    make(50);
    inner.next = 'hang';
    await expect(call((cb) => store.get('a', cb))).rejects.toMatchObject({
      name: 'StoreUnavailableError',
      cause: { message: 'the session store did not answer in 50 ms' },
    });
    expect(observed).toEqual([['get', 'timeout']]);
  });

  it('tells each answered call with no failure and its time in seconds, and closes its store', async () => {
    make();
    const started = performance.now();
    await call((cb) => store.get('a', cb));
    const took = (performance.now() - started) / 1000;
    expect(observed).toEqual([['get', undefined]]);
    expect(durations).toEqual([expect.any(Number)]);
    expect(durations[0]).toBeGreaterThanOrEqual(0);
    expect(durations[0]).toBeLessThanOrEqual(took);
    store.close();
    expect(inner.closed).toBe(true);
  });
});

describe('the session store the configuration asks for', () => {
  it('refuses a Redis store without a Redis connection', () => {
    const config = {
      dataDir: os.tmpdir(),
      session: { store: 'redis', idleTimeoutMs: IDLE_MS, storeTimeoutMs: 1_000 },
    } as unknown as GatewayConfig;
    const logger = { info: () => undefined } as unknown as Logger;
    expect(() => createSessionStore(config, undefined, logger)).toThrow(
      'SESSION_STORE=redis needs a Redis connection',
    );
  });

  it('says where SQLite keeps the sessions', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'session-store-test-'));
    const config = {
      dataDir,
      session: { store: 'sqlite', idleTimeoutMs: IDLE_MS, storeTimeoutMs: 1_000 },
    } as unknown as GatewayConfig;
    const lines: unknown[][] = [];
    const logger = { info: (...args: unknown[]) => lines.push(args) } as unknown as Logger;
    createSessionStore(config, undefined, logger).close();
    expect(lines).toEqual([
      [{ file: path.join(dataDir, 'sessions.sqlite') }, 'sessions kept in SQLite'],
    ]);
  });
});

describe('the Redis session store', () => {
  const redis = redisPerTest();

  it('keeps each session under onboarding:sess:, for the idle timeout when its cookie names no expiry', async () => {
    const config = {
      dataDir: os.tmpdir(),
      session: { store: 'redis', idleTimeoutMs: IDLE_MS, storeTimeoutMs: 1_000 },
    } as unknown as GatewayConfig;
    const connection = await redis.ready(redis.connection());
    const logger = { info: () => undefined } as unknown as Logger;
    const store = createSessionStore(config, connection, logger);
    const browserSession = { user: { email: 'operator@example.com' } } as unknown as SessionData;
    await call((cb) => store.set('abc', browserSession, cb));
    // The raw RESP answer: an integer reply.
    expect((await redis.server.command('TTL', 'onboarding:sess:abc')).trim()).toBe(
      `:${IDLE_MS / 1000}`,
    );
    expect(await call((cb) => store.get('abc', cb))).toEqual(browserSession);
  });
});
