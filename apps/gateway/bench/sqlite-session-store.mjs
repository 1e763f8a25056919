// The same-job peer's express-session store: a small Store subclass over better-sqlite3, as the
// stores of the usual packages do it (one prepared statement a call, a touch on every request that
// does not save). No package was taken: `better-sqlite3-session-store`, the one store over
// better-sqlite3, has had no release since 0.1.0, pins date-fns 2.16 and is GPL-3.0-only;
// `connect-sqlite3` and `express-session-sqlite` sit on node-sqlite3, a second native SQLite.
import Database from 'better-sqlite3';
import session from 'express-session';

export class SqliteSessionStore extends session.Store {
  /** `file`: the database file; `ttlMs`: a session's lifetime when its cookie sets none. */
  constructor(file, ttlMs) {
    super();
    this.ttlMs = ttlMs;
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(`CREATE TABLE IF NOT EXISTS sessions (sid TEXT PRIMARY KEY, sess TEXT NOT NULL,
      expires INTEGER NOT NULL) WITHOUT ROWID`);
    this.sql = {
      get: this.db.prepare('SELECT sess FROM sessions WHERE sid = ? AND expires > ?'),
      set: this.db.prepare(`INSERT INTO sessions (sid, sess, expires) VALUES (?, ?, ?)
        ON CONFLICT(sid) DO UPDATE SET sess = excluded.sess, expires = excluded.expires`),
      touch: this.db.prepare('UPDATE sessions SET expires = ? WHERE sid = ?'),
      destroy: this.db.prepare('DELETE FROM sessions WHERE sid = ?'),
    };
  }

  expiresOf(sess) {
    const expires = sess.cookie?.expires;
    return expires ? new Date(expires).getTime() : Date.now() + this.ttlMs;
  }

  get(sid, cb) {
    this.run(cb, () => {
      const row = this.sql.get.get(sid, Date.now());
      return row ? JSON.parse(row.sess) : null;
    });
  }
  set(sid, sess, cb) {
    this.run(cb, () => void this.sql.set.run(sid, JSON.stringify(sess), this.expiresOf(sess)));
  }
  touch(sid, sess, cb) {
    this.run(cb, () => void this.sql.touch.run(this.expiresOf(sess), sid));
  }
  destroy(sid, cb) {
    this.run(cb, () => void this.sql.destroy.run(sid));
  }
  close() {
    this.db.close();
  }

  run(cb, work) {
    let value;
    try {
      value = work();
    } catch (err) {
      return cb?.(err);
    }
    cb?.(null, value);
  }
}
