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
  private readonly pruneTimer: NodeJS.Timeout;

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
    this.db.exec(`CREATE TABLE IF NOT EXISTS sessions (sid TEXT PRIMARY KEY, sess TEXT NOT NULL,
      expires INTEGER NOT NULL) WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS sessions_expires ON sessions (expires)`);
    this.pruneTimer = setInterval(() => this.prune(), 10 * 60_000).unref();
    this.prune();
  }

  private readonly sql = {
    get: this.statement<{ sess: string }>(
      'SELECT sess FROM sessions WHERE sid = ? AND expires > ?',
    ),
    set: this.statement(`INSERT INTO sessions (sid, sess, expires) VALUES (?, ?, ?)
      ON CONFLICT(sid) DO UPDATE SET sess = excluded.sess, expires = excluded.expires`),
    touch: this.statement('UPDATE sessions SET expires = ? WHERE sid = ?'),
    destroy: this.statement('DELETE FROM sessions WHERE sid = ?'),
    prune: this.statement('DELETE FROM sessions WHERE expires <= ?'),
    ping: this.statement('SELECT 1'),
  };

  /** Prepared on first use (the fields are set before the constructor opens the database). */
  private statement<Row = unknown>(text: string) {
    let prepared: Database.Statement<unknown[], Row> | undefined;
    return () => (prepared ??= this.db.prepare<unknown[], Row>(text));
  }

  private expiresOf(sess: SessionData): number {
    const expires = sess.cookie?.expires;
    return expires ? new Date(expires).getTime() : Date.now() + this.defaultTtlMs;
  }

  override get(sid: string, cb: Callback<SessionData>): void {
    this.run(cb, () => {
      const row = this.sql.get().get(sid, Date.now());
      return row ? (JSON.parse(row.sess) as SessionData) : null;
    });
  }
  override set(sid: string, sess: SessionData, cb?: Callback): void {
    this.run(cb, () => void this.sql.set().run(sid, JSON.stringify(sess), this.expiresOf(sess)));
  }
  override touch(sid: string, sess: SessionData, cb?: Callback): void {
    this.run(cb, () => void this.sql.touch().run(this.expiresOf(sess), sid));
  }
  override destroy(sid: string, cb?: Callback): void {
    this.run(cb, () => void this.sql.destroy().run(sid));
  }
  ping(): Promise<void> {
    this.sql.ping().get();
    return Promise.resolve();
  }
  close(): void {
    clearInterval(this.pruneTimer);
    if (this.db.open) this.db.close();
  }

  private prune(): void {
    this.run(undefined, () => void this.sql.prune().run(Date.now())); // a busy database: next time
  }

  private run<T>(cb: Callback<T> | undefined, work: () => T | null): void {
    let value: T | null;
    try {
      value = work();
    } catch (err) {
      return cb?.(err);
    }
    cb?.(null, value);
  }
}
