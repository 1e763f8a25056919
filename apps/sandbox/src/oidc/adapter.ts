import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { SandboxDatabase } from '../db/database.js';

interface ModelRow {
  payload: string;
  consumed_at: number | null;
}

const epoch = () => Math.floor(Date.now() / 1000);

/**
 * oidc-provider storage in the sandbox's SQLite database, so sign-in sessions, codes and
 * grants survive a restart. Expired rows are purged on start and from time to time.
 */
export function sqliteAdapter(db: SandboxDatabase): AdapterFactory {
  const purge = () => db.prepare('DELETE FROM oidc_models WHERE expires_at < ?').run(epoch());
  purge();
  let writes = 0;

  const read = (row: ModelRow | undefined): AdapterPayload | undefined => {
    if (!row) return undefined;
    const payload = JSON.parse(row.payload) as AdapterPayload;
    return row.consumed_at === null ? payload : { ...payload, consumed: row.consumed_at };
  };

  return (model: string): Adapter => {
    const live = `model = ? AND (expires_at IS NULL OR expires_at > ?)`;
    return {
      upsert(id, payload, expiresIn) {
        db.prepare(
          `INSERT INTO oidc_models (model, id, payload, grant_id, user_code, uid, expires_at, consumed_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, NULL)
           ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload,
             grant_id = excluded.grant_id, user_code = excluded.user_code, uid = excluded.uid,
             expires_at = excluded.expires_at`,
        ).run(
          model,
          id,
          JSON.stringify(payload),
          payload.grantId ?? null,
          payload.userCode ?? null,
          payload.uid ?? null,
          expiresIn ? epoch() + expiresIn : null,
        );
        if (++writes % 200 === 0) purge();
        return Promise.resolve();
      },
      find(id) {
        return Promise.resolve(
          read(
            db
              .prepare<[string, number, string], ModelRow>(
                `SELECT payload, consumed_at FROM oidc_models WHERE ${live} AND id = ?`,
              )
              .get(model, epoch(), id),
          ),
        );
      },
      findByUid(uid) {
        return Promise.resolve(
          read(
            db
              .prepare<[string, number, string], ModelRow>(
                `SELECT payload, consumed_at FROM oidc_models WHERE ${live} AND uid = ?`,
              )
              .get(model, epoch(), uid),
          ),
        );
      },
      findByUserCode(userCode) {
        return Promise.resolve(
          read(
            db
              .prepare<[string, number, string], ModelRow>(
                `SELECT payload, consumed_at FROM oidc_models WHERE ${live} AND user_code = ?`,
              )
              .get(model, epoch(), userCode),
          ),
        );
      },
      consume(id) {
        db.prepare('UPDATE oidc_models SET consumed_at = ? WHERE model = ? AND id = ?').run(
          epoch(),
          model,
          id,
        );
        return Promise.resolve();
      },
      destroy(id) {
        db.prepare('DELETE FROM oidc_models WHERE model = ? AND id = ?').run(model, id);
        return Promise.resolve();
      },
      revokeByGrantId(grantId) {
        db.prepare('DELETE FROM oidc_models WHERE grant_id = ?').run(grantId);
        return Promise.resolve();
      },
    };
  };
}
