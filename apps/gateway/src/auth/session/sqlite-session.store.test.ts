import { afterEach, describe, expect, it, jest } from '@jest/globals';
import Database from 'better-sqlite3';
import type { SessionData } from 'express-session';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteSessionStore } from './sqlite-session.store.js';

const MINUTE = 60_000;

/** A session whose cookie expires `inMs` from now. */
const sessionFor = (inMs: number): SessionData =>
  ({
    cookie: { expires: new Date(Date.now() + inMs), originalMaxAge: inMs },
    user: { email: 'operator@example.com' },
  }) as unknown as SessionData;

const call = <T>(fn: (cb: (err?: unknown, value?: T | null) => void) => void) =>
  new Promise<T | null | undefined>((resolve, reject: (err: Error) => void) =>
    fn((err, value) => (err ? reject(err as Error) : resolve(value))),
  );

/** The session ids the file holds, expired or not (the store's reads hide expired ones). */
function rowsIn(file: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare<[], { sid: string }>('SELECT sid FROM sessions ORDER BY sid')
      .all()
      .map((r) => r.sid);
  } finally {
    db.close();
  }
}

describe('the SQLite session store', () => {
  let store: SqliteSessionStore | undefined;
  const fileIn = () =>
    path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-session-test-')), 'sessions.sqlite');
  afterEach(() => {
    store?.close();
    store = undefined;
    jest.useRealTimers();
  });

  it('keeps a session until its cookie expires, and answers none after', async () => {
    jest.useFakeTimers({ now: 1_000_000, doNotFake: ['setImmediate'] });
    store = new SqliteSessionStore(fileIn(), 30 * MINUTE);
    const s = store;
    await call((cb) => s.set('live', sessionFor(MINUTE), cb));
    expect(await call((cb) => s.get('live', cb))).toMatchObject({
      user: { email: 'operator@example.com' },
    });
    jest.advanceTimersByTime(MINUTE);
    expect(await call((cb) => s.get('live', cb))).toBeNull();
  });

  it('keeps a session whose cookie names no expiry for the idle timeout', async () => {
    jest.useFakeTimers({ now: 1_000_000, doNotFake: ['setImmediate'] });
    store = new SqliteSessionStore(fileIn(), 30 * MINUTE);
    const s = store;
    const noExpiry = { user: { email: 'operator@example.com' } } as unknown as SessionData;
    await call((cb) => s.set('browser-session', noExpiry, cb));
    jest.advanceTimersByTime(30 * MINUTE - 1);
    expect(await call((cb) => s.get('browser-session', cb))).toEqual(noExpiry);
    jest.advanceTimersByTime(1);
    expect(await call((cb) => s.get('browser-session', cb))).toBeNull();
  });

  it('drops a failure quietly when its caller gave no callback', () => {
    store = new SqliteSessionStore(fileIn(), 30 * MINUTE);
    const s = store;
    s.close();
    expect(() => s.set('any', sessionFor(MINUTE))).not.toThrow();
    expect(() => s.touch('any', sessionFor(MINUTE))).not.toThrow();
    expect(() => s.destroy('any')).not.toThrow();
  });

  it('removes expired sessions from the file when opened, and every ten minutes after', async () => {
    jest.useFakeTimers({ now: 1_000_000, doNotFake: ['setImmediate'] });
    const file = fileIn();
    store = new SqliteSessionStore(file, 30 * MINUTE);
    const first = store;
    await call((cb) => first.set('expired', sessionFor(-1), cb));
    await call((cb) => first.set('live', sessionFor(60 * MINUTE), cb));
    first.close();
    store = new SqliteSessionStore(file, 30 * MINUTE);
    const s = store;
    expect(rowsIn(file)).toEqual(['live']);

    await call((cb) => s.set('soon', sessionFor(MINUTE), cb));
    jest.advanceTimersByTime(10 * MINUTE - 1);
    expect(rowsIn(file)).toEqual(['live', 'soon']);
    jest.advanceTimersByTime(1);
    expect(rowsIn(file)).toEqual(['live']);
  });

  it('answers its ping while open, and errors to its callers once closed', async () => {
    store = new SqliteSessionStore(fileIn(), 30 * MINUTE);
    const s = store;
    await expect(s.ping()).resolves.toBeUndefined();
    s.close();
    expect(() => s.ping()).toThrow('The database connection is not open');
    await expect(call((cb) => s.get('any', cb))).rejects.toThrow(
      'The database connection is not open',
    );
    expect(() => s.close()).not.toThrow();
  });
});
