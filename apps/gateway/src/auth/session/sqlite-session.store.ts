import Database from 'better-sqlite3';
import session, { type SessionData } from 'express-session';
import fs from 'node:fs';
import path from 'node:path';

type Callback<T = void> = (err?: unknown, value?: T | null) => void;

/**
 * The default session store: one SQLite file in DATA_DIR, so sessions survive a restart with no
 * extra service. Every call is one prepared statement (one store round trip).
 */
export class SqliteSessionStore extends session.Store {
  private readonly db: Database.Database;
  private readonly stmts: {
    get: Database.Statement<[string, number], { sess: string }>;
    set: Database.Statement<[string, string, number]>;
    touch: Database.Statement<[number, string]>;
    destroy: Database.Statement<[string]>;
    prune: Database.Statement<[number]>;
    ping: Database.Statement<[], { ok: number }>;
  };
  private readonly pruneTimer: NodeJS.Timeout;
  /** Statements run, for the benchmark's round-trip count. */
  roundTrips = 0;

  constructor(
    file: string,
    private readonly defaultTtlMs: number,
  ) {
    super();
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    this.db = new Database(file);
    fs.chmodSync(file, 0o600);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 500');
    this.db.exec(
      'CREATE TABLE IF NOT EXISTS sessions (sid TEXT PRIMARY KEY, sess TEXT NOT NULL, expires INTEGER NOT NULL) WITHOUT ROWID',
    );
    this.db.exec('CREATE INDEX IF NOT EXISTS sessions_expires ON sessions (expires)');
    this.stmts = {
      get: this.db.prepare('SELECT sess FROM sessions WHERE sid = ? AND expires > ?'),
      set: this.db.prepare(
        'INSERT INTO sessions (sid, sess, expires) VALUES (?, ?, ?) ON CONFLICT(sid) DO UPDATE SET sess = excluded.sess, expires = excluded.expires',
      ),
      touch: this.db.prepare('UPDATE sessions SET expires = ? WHERE sid = ?'),
      destroy: this.db.prepare('DELETE FROM sessions WHERE sid = ?'),
      prune: this.db.prepare('DELETE FROM sessions WHERE expires <= ?'),
      ping: this.db.prepare('SELECT 1 AS ok'),
    };
    this.pruneTimer = setInterval(() => this.prune(), 10 * 60_000);
    this.pruneTimer.unref();
    this.prune();
  }

  private expiresOf(sess: SessionData): number {
    const expires = sess.cookie?.expires;
    return expires ? new Date(expires).getTime() : Date.now() + this.defaultTtlMs;
  }

  override get(sid: string, cb: Callback<SessionData>): void {
    this.run<SessionData | null>(cb, () => {
      const row = this.stmts.get.get(sid, Date.now());
      return row ? (JSON.parse(row.sess) as SessionData) : null;
    });
  }

  override set(sid: string, sess: SessionData, cb?: Callback): void {
    this.run(cb, () => {
      this.stmts.set.run(sid, JSON.stringify(sess), this.expiresOf(sess));
    });
  }

  override touch(sid: string, sess: SessionData, cb?: Callback): void {
    this.run(cb, () => {
      this.stmts.touch.run(this.expiresOf(sess), sid);
    });
  }

  override destroy(sid: string, cb?: Callback): void {
    this.run(cb, () => {
      this.stmts.destroy.run(sid);
    });
  }

  ping(): Promise<void> {
    this.stmts.ping.get();
    return Promise.resolve();
  }

  close(): void {
    clearInterval(this.pruneTimer);
    if (this.db.open) this.db.close();
  }

  private prune(): void {
    try {
      this.stmts.prune.run(Date.now());
    } catch {
      // a busy database is pruned next time
    }
  }

  private run<T>(cb: Callback<NonNullable<T>> | undefined, work: () => T): void {
    this.roundTrips += 1;
    let value: T;
    try {
      value = work();
    } catch (err) {
      cb?.(err);
      return;
    }
    cb?.(null, value as NonNullable<T> | null);
  }
}
