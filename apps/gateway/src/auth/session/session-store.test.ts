import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { SessionData } from 'express-session';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import type { GatewayConfig } from '../../config/app-config.js';
import { createSessionStore, type FailFastSessionStore } from './session-store.js';

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
