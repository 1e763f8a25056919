import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS, migrate } from './schema.js';
import { RETAILERS, seedRetailers } from './seed/retailers.js';
import { DEPARTMENTS, RETAILER_DEPARTMENT_NAMES, SHELVES } from './seed/taxonomy.js';

export type SandboxDatabase = Database.Database;

export const DATABASE_FILE = 'sandbox.sqlite';

/** Opens (creating and migrating) the sandbox database: a file in `dataDir`, or in memory. */
export function openDatabase(options: { dataDir?: string; inMemory?: boolean }): SandboxDatabase {
  let db: SandboxDatabase;
  if (options.inMemory) {
    db = new Database(browseTreeTemplate());
  } else {
    if (!options.dataDir) throw new Error('openDatabase needs a dataDir or inMemory');
    fs.mkdirSync(options.dataDir, { recursive: true });
    const file = path.join(options.dataDir, DATABASE_FILE);
    // A new database starts from the browse-tree image (indexing it is the slow part of seeding).
    if (!fs.existsSync(file)) fs.writeFileSync(file, browseTreeTemplate(), { flag: 'wx' });
    db = new Database(file);
    db.pragma('journal_mode = WAL');
  }
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('cache_size = -32000');
  migrate(db);
  return db;
}

let memo: Buffer | undefined;

/**
 * An empty, migrated database holding only the browse trees and their trigram index. The
 * trees never change and indexing 90,000 paths takes a couple of seconds, so new databases
 * start from this image, built once and kept in the OS temp folder under a name derived from
 * the schema and the word lists.
 */
function browseTreeTemplate(): Buffer {
  if (memo) return memo;
  const key = createHash('sha256')
    .update(
      JSON.stringify([MIGRATIONS, RETAILERS, DEPARTMENTS, SHELVES, RETAILER_DEPARTMENT_NAMES]),
    )
    .digest('hex')
    .slice(0, 16);
  const file = path.join(os.tmpdir(), `onboarding-sandbox-tree-${key}.sqlite`);
  try {
    memo = fs.readFileSync(file);
    return memo;
  } catch {
    // not built yet
  }
  const db = new Database(':memory:');
  migrate(db);
  db.transaction(() => seedRetailers(db))();
  memo = db.serialize();
  db.close();
  const partial = `${file}.${process.pid}.${Date.now()}`;
  try {
    fs.writeFileSync(partial, memo);
    fs.renameSync(partial, file);
  } catch {
    fs.rmSync(partial, { force: true });
  }
  return memo;
}
