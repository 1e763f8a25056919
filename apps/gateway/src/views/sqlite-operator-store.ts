import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type FleetFilter, SAVED_VIEWS_MAX, type SavedView } from '@onboarding/contracts';
import Database from 'better-sqlite3';
import {
  flowKeyOf,
  type NewView,
  nameKey,
  type OperatorStore,
  operatorKey,
  StoreErrors,
  type ViewChange,
  type WatchedSetup,
} from './operator-store.js';

/**
 * The numbered migrations, applied in order at start, each in its own transaction with its
 * version row: a migration already recorded is never run again, by this process or another one
 * sharing the file. Append only; never edit one that has shipped.
 */
export const SQLITE_MIGRATIONS: readonly string[] = [
  // 1: saved views. A product flow's product_id; Category Leaderboard's is null.
  `CREATE TABLE views (
     id TEXT PRIMARY KEY, operator TEXT NOT NULL, name TEXT NOT NULL, name_key TEXT NOT NULL,
     flow TEXT NOT NULL, product_id INTEGER, flow_key TEXT NOT NULL, filters TEXT NOT NULL,
     pinned INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
     UNIQUE (operator, name_key));
   CREATE INDEX views_operator ON views (operator, created_at)`,
  // 2: the failure watch's per-operator state.
  `CREATE TABLE seen (operator TEXT PRIMARY KEY, sequence INTEGER NOT NULL) WITHOUT ROWID;
   CREATE TABLE watched (operator TEXT NOT NULL, flow TEXT NOT NULL, flow_key TEXT NOT NULL,
     product_id INTEGER, setup_id INTEGER NOT NULL, created_at TEXT NOT NULL,
     PRIMARY KEY (operator, flow_key, setup_id)) WITHOUT ROWID`,
];

interface ViewRow {
  id: string;
  name: string;
  flow: 'rem_omni' | 'meta';
  product_id: number | null;
  filters: string;
  pinned: number;
  created_at: string;
  updated_at: string;
}

const toView = (r: ViewRow): SavedView => ({
  id: r.id,
  name: r.name,
  flow: r.flow,
  productId: r.product_id,
  filters: JSON.parse(r.filters) as FleetFilter,
  pinned: r.pinned === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** The default operator store: one SQLite file in DATA_DIR, beside the sessions'. */
export class SqliteOperatorStore implements OperatorStore {
  private readonly db: Database.Database;

  constructor(file: string) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    this.db = new Database(file);
    fs.chmodSync(file, 0o600);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 2000');
  }

  /** Applies the migrations not yet recorded; safe to run again, and from two processes at once. */
  migrate(): Promise<{ from: number; to: number }> {
    this.db.exec(`CREATE TABLE IF NOT EXISTS schema_version (
      version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)`);
    const from = this.currentVersion();
    SQLITE_MIGRATIONS.forEach((sql, i) => {
      const version = i + 1;
      this.db
        .transaction(() => {
          // Checked inside the (immediate) transaction: another process may have just applied it.
          if (this.currentVersion() >= version) return;
          this.db.exec(sql);
          this.db
            .prepare('INSERT INTO schema_version (version, applied_at) VALUES (?, ?)')
            .run(version, new Date().toISOString());
        })
        .immediate();
    });
    return Promise.resolve({ from, to: this.currentVersion() });
  }

  private currentVersion(): number {
    const row = this.db.prepare('SELECT MAX(version) AS v FROM schema_version').get() as {
      v: number | null;
    };
    return row.v ?? 0;
  }

  version = () => Promise.resolve(this.currentVersion());

  listViews(email: string): Promise<SavedView[]> {
    const rows = this.db
      .prepare('SELECT * FROM views WHERE operator = ? ORDER BY created_at, rowid')
      .all(operatorKey(email)) as ViewRow[];
    return Promise.resolve(rows.map(toView));
  }

  private row(operator: string, id: string): ViewRow | undefined {
    return this.db
      .prepare('SELECT * FROM views WHERE operator = ? AND id = ?')
      .get(operator, id) as ViewRow | undefined;
  }

  private checkName(operator: string, name: string, id: string | null) {
    const holder = this.db
      .prepare('SELECT id FROM views WHERE operator = ? AND name_key = ?')
      .get(operator, nameKey(name)) as { id: string } | undefined;
    if (holder && holder.id !== id) throw StoreErrors.duplicate(name.trim());
  }

  private unpinOthers(operator: string, flowKey: string, id: string) {
    this.db
      .prepare('UPDATE views SET pinned = 0 WHERE operator = ? AND flow_key = ? AND id != ?')
      .run(operator, flowKey, id);
  }

  createView(email: string, view: NewView): Promise<SavedView> {
    const operator = operatorKey(email);
    return this.run(() => {
      const { n } = this.db
        .prepare('SELECT COUNT(*) AS n FROM views WHERE operator = ?')
        .get(operator) as { n: number };
      if (n >= SAVED_VIEWS_MAX) throw StoreErrors.limit();
      this.checkName(operator, view.name, null);
      const id = randomUUID();
      const now = new Date().toISOString();
      const flowKey = flowKeyOf(view);
      if (view.pinned) this.unpinOthers(operator, flowKey, id);
      this.db
        .prepare(
          `INSERT INTO views (id, operator, name, name_key, flow, product_id, flow_key, filters,
             pinned, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          id,
          operator,
          view.name.trim(),
          nameKey(view.name),
          view.flow,
          view.productId,
          flowKey,
          JSON.stringify(view.filters),
          view.pinned ? 1 : 0,
          now,
          now,
        );
      return toView(this.row(operator, id)!);
    });
  }

  updateView(email: string, id: string, change: ViewChange): Promise<SavedView> {
    const operator = operatorKey(email);
    return this.run(() => {
      const current = this.row(operator, id);
      if (!current) throw StoreErrors.notFound();
      if (change.name !== undefined) this.checkName(operator, change.name, id);
      if (change.pinned)
        this.unpinOthers(operator, flowKeyOf({ productId: current.product_id }), id);
      const name = change.name?.trim() ?? current.name;
      this.db
        .prepare(
          `UPDATE views SET name = ?, name_key = ?, filters = ?, pinned = ?, updated_at = ?
           WHERE operator = ? AND id = ?`,
        )
        .run(
          name,
          nameKey(name),
          change.filters ? JSON.stringify(change.filters) : current.filters,
          change.pinned === undefined ? current.pinned : change.pinned ? 1 : 0,
          new Date().toISOString(),
          operator,
          id,
        );
      return toView(this.row(operator, id)!);
    });
  }

  deleteView(email: string, id: string): Promise<boolean> {
    const { changes } = this.db
      .prepare('DELETE FROM views WHERE operator = ? AND id = ?')
      .run(operatorKey(email), id);
    return Promise.resolve(changes > 0);
  }

  getSeen(email: string): Promise<number | null> {
    const row = this.db
      .prepare('SELECT sequence FROM seen WHERE operator = ?')
      .get(operatorKey(email)) as { sequence: number } | undefined;
    return Promise.resolve(row?.sequence ?? null);
  }

  setSeen(email: string, sequence: number): Promise<number> {
    const row = this.db
      .prepare(
        `INSERT INTO seen (operator, sequence) VALUES (?, ?) ON CONFLICT (operator)
         DO UPDATE SET sequence = MAX(sequence, excluded.sequence) RETURNING sequence`,
      )
      .get(operatorKey(email), sequence) as { sequence: number };
    return Promise.resolve(row.sequence);
  }

  listWatched(email: string): Promise<WatchedSetup[]> {
    const rows = this.db
      .prepare(
        `SELECT flow, product_id, setup_id FROM watched WHERE operator = ?
         ORDER BY created_at, flow_key, setup_id`,
      )
      .all(operatorKey(email)) as {
      flow: WatchedSetup['flow'];
      product_id: number | null;
      setup_id: number;
    }[];
    return Promise.resolve(
      rows.map((r) => ({ flow: r.flow, productId: r.product_id, setupId: r.setup_id })),
    );
  }

  watch(email: string, setup: WatchedSetup): Promise<void> {
    this.db
      .prepare(
        `INSERT OR IGNORE INTO watched (operator, flow, flow_key, product_id, setup_id, created_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(
        operatorKey(email),
        setup.flow,
        flowKeyOf(setup),
        setup.productId,
        setup.setupId,
        new Date().toISOString(),
      );
    return Promise.resolve();
  }

  unwatch(email: string, setup: WatchedSetup): Promise<void> {
    this.db
      .prepare('DELETE FROM watched WHERE operator = ? AND flow_key = ? AND setup_id = ?')
      .run(operatorKey(email), flowKeyOf(setup), setup.setupId);
    return Promise.resolve();
  }

  close(): Promise<void> {
    if (this.db.open) this.db.close();
    return Promise.resolve();
  }

  /** One immediate transaction: a thrown error rolls back everything it wrote. */
  private run<T>(work: () => T): Promise<T> {
    try {
      return Promise.resolve(this.db.transaction(work).immediate());
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
  }
}
