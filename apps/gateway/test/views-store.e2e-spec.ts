import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { redisCommand, RedisServer, waitFor } from '@onboarding/test-support';
import Database from 'better-sqlite3';
import { pino } from 'pino';
import { ApiException } from '../src/common/errors/api-exception.js';
import { RedisConnection } from '../src/common/redis/redis-connection.js';
import type { NewView, OperatorStore } from '../src/views/operator-store.js';
import { RedisOperatorStore, VERSION_KEY } from '../src/views/redis-operator-store.js';
import { SQLITE_MIGRATIONS, SqliteOperatorStore } from '../src/views/sqlite-operator-store.js';
import { tempDir } from './support/gateway.js';

const A = 'ada@example.com';
const B = 'bob@example.com';
const view = (name: string, over: Partial<NewView> = {}): NewView => ({
  name,
  flow: 'rem_omni',
  productId: null,
  filters: { status: ['FAILED'] },
  pinned: false,
  ...over,
});

/** What a refused write answers: its status and code. */
async function refusal(write: Promise<unknown>) {
  const err = await write.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiException);
  const e = err as ApiException;
  return { status: e.getStatus(), code: e.code, message: e.message };
}

let redis: RedisServer;
let connection: RedisConnection;
let n = 0;

beforeAll(async () => {
  redis = await new RedisServer().start();
  connection = new RedisConnection(redis.url, pino({ level: 'silent' }), 800).start();
  await waitFor(() =>
    connection.ping().then(
      () => true,
      () => undefined,
    ),
  );
}, 30_000);

afterAll(async () => {
  await connection?.close();
  await redis?.stop();
});

const stores: [string, () => Promise<OperatorStore>][] = [
  [
    'SQLite',
    async () => {
      const store = new SqliteOperatorStore(path.join(tempDir('operators-'), 'operators.sqlite'));
      await store.migrate();
      return store;
    },
  ],
  [
    'Redis',
    async () => {
      // Each test its own database, so operators' keys start empty.
      await redisCommand(redis.port, 'FLUSHALL');
      const store = new RedisOperatorStore(connection);
      await store.migrate();
      n++;
      return store;
    },
  ],
];

describe.each(stores)('the operator store in %s', (_kind, make) => {
  it('saves, renames, re-filters, pins and deletes a view, keeping the others', async () => {
    const store = await make();
    const first = await store.createView(
      A,
      view('  Failed at STI  ', { filters: { step: ['sti'] } }),
    );
    expect(first).toMatchObject({ name: 'Failed at STI', pinned: false, productId: null });
    const second = await store.createView(A, view('Prospects', { pinned: true }));
    const renamed = await store.updateView(A, first.id, { name: 'STI failures' });
    expect(renamed).toMatchObject({ name: 'STI failures', filters: { step: ['sti'] } });
    // Renaming to its own name in another case is no duplicate.
    await store.updateView(A, first.id, { name: 'sti FAILURES' });
    const refiltered = await store.updateView(A, first.id, { filters: { slow: true } });
    expect(refiltered.filters).toEqual({ slow: true });
    // Pinning one unpins the flow's other; another flow's pin stays.
    const product = await store.createView(
      A,
      view('Product', { flow: 'meta', productId: 3, pinned: true }),
    );
    await store.updateView(A, first.id, { pinned: true });
    const pins = (await store.listViews(A)).map((v) => [v.name, v.pinned]);
    expect(pins).toEqual([
      ['sti FAILURES', true],
      ['Prospects', false],
      ['Product', true],
    ]);
    expect(await store.deleteView(A, second.id)).toBe(true);
    expect(await store.deleteView(A, second.id)).toBe(false);
    expect((await store.listViews(A)).map((v) => v.id)).toEqual([first.id, product.id]);
    // A deleted view's name is free again.
    await store.createView(A, view('Prospects'));
  });

  it('refuses a duplicate name whatever its case and spaces, and a pin with it leaves the pinned view pinned', async () => {
    const store = await make();
    const pinned = await store.createView(A, view('Walmart', { pinned: true }));
    expect(await refusal(store.createView(A, view(' WALMART ', { pinned: true })))).toMatchObject({
      status: 409,
      code: 'VALIDATION_FAILED',
      message: 'You already have a view named "WALMART".',
    });
    const other = await store.createView(A, view('Target'));
    expect(
      await refusal(store.updateView(A, other.id, { name: 'walmart', pinned: true })),
    ).toMatchObject({ status: 409 });
    expect(await store.listViews(A)).toEqual([
      expect.objectContaining({ id: pinned.id, name: 'Walmart', pinned: true }),
      expect.objectContaining({ id: other.id, name: 'Target', pinned: false }),
    ]);
  });

  it('keeps at most 50 views an operator, refusing the 51st with every saved one kept', async () => {
    const store = await make();
    for (let i = 1; i <= 50; i++) await store.createView(A, view(`View ${i}`));
    expect(await refusal(store.createView(A, view('View 51')))).toMatchObject({
      status: 409,
      code: 'VALIDATION_FAILED',
    });
    const kept = await store.listViews(A);
    expect(kept).toHaveLength(50);
    expect(kept[0]!.name).toBe('View 1');
    // Another operator still has room.
    await store.createView(B, view('View 51'));
  });

  it("keeps each operator's views apart: another's id is not found, names are per operator", async () => {
    const store = await make();
    const ada = await store.createView(A, view('Mine'));
    await store.createView(B, view('mine'));
    expect((await store.listViews(B)).map((v) => v.name)).toEqual(['mine']);
    expect(await refusal(store.updateView(B, ada.id, { name: 'Taken' }))).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
    expect(await store.deleteView(B, ada.id)).toBe(false);
    // The e-mail's case does not make another operator.
    expect((await store.listViews('ADA@example.com')).map((v) => v.id)).toEqual([ada.id]);
  });

  it("keeps each operator's seen sequence, never lowered, and watched setups", async () => {
    const store = await make();
    expect(await store.getSeen(A)).toBeNull();
    expect(await store.setSeen(A, 12)).toBe(12);
    expect(await store.setSeen(A, 7)).toBe(12);
    expect(await store.getSeen(A)).toBe(12);
    expect(await store.getSeen(B)).toBeNull();
    const cl = { flow: 'rem_omni', productId: null, setupId: 101 } as const;
    const product = { flow: 'meta', productId: 3, setupId: 101 } as const;
    await store.watch(A, cl);
    await store.watch(A, cl);
    await store.watch(A, product);
    expect(await store.listWatched(A)).toEqual(expect.arrayContaining([cl, product]));
    expect(await store.listWatched(A)).toHaveLength(2);
    expect(await store.listWatched(B)).toEqual([]);
    await store.unwatch(A, cl);
    expect(await store.listWatched(A)).toEqual([product]);
  });
});

describe('the SQLite store’s migrations', () => {
  it('are applied once, in order, and re-run safely, from two processes’ stores on one file too', async () => {
    const file = path.join(tempDir('operators-'), 'operators.sqlite');
    const one = new SqliteOperatorStore(file);
    const other = new SqliteOperatorStore(file);
    const [a, b] = await Promise.all([one.migrate(), other.migrate()]);
    expect([a, b]).toContainEqual({ from: 0, to: SQLITE_MIGRATIONS.length });
    expect(await one.migrate()).toEqual({ from: 2, to: 2 });
    const saved = await one.createView(A, view('Kept'));
    await one.close();
    await other.close();
    const db = new Database(file, { readonly: true });
    try {
      expect(db.prepare('SELECT version FROM schema_version ORDER BY version').all()).toEqual([
        { version: 1 },
        { version: 2 },
      ]);
    } finally {
      db.close();
    }
    // Started again on the same file: nothing re-applied, nothing lost.
    const again = new SqliteOperatorStore(file);
    expect(await again.migrate()).toEqual({ from: 2, to: 2 });
    expect((await again.listViews(A)).map((v) => v.id)).toEqual([saved.id]);
    await again.close();
  });

  it('brings a file of version 1 to version 2 without touching its views', async () => {
    const file = path.join(tempDir('operators-'), 'operators.sqlite');
    const db = new Database(file);
    db.exec('CREATE TABLE schema_version (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)');
    db.exec(SQLITE_MIGRATIONS[0]!);
    db.prepare("INSERT INTO schema_version VALUES (1, '2026-11-01T00:00:00Z')").run();
    db.prepare(
      `INSERT INTO views VALUES ('old', 'ada@example.com', 'Old', 'old', 'rem_omni', NULL,
        'rem_omni', '{"prospect":true}', 1, '2026-11-01T00:00:00Z', '2026-11-01T00:00:00Z')`,
    ).run();
    db.close();
    const store = new SqliteOperatorStore(file);
    expect(await store.migrate()).toEqual({ from: 1, to: 2 });
    expect(await store.listViews(A)).toEqual([
      expect.objectContaining({
        id: 'old',
        name: 'Old',
        pinned: true,
        filters: { prospect: true },
      }),
    ]);
    expect(await store.setSeen(A, 3)).toBe(3);
    await store.close();
  });
});

describe('the Redis store’s version key', () => {
  it('is set at the first start and left as it is by later ones, never lowered', async () => {
    await redisCommand(redis.port, 'FLUSHALL');
    const store = new RedisOperatorStore(connection);
    expect(await store.version()).toBe(0);
    expect(await store.migrate()).toEqual({ from: 0, to: 1 });
    expect(await store.migrate()).toEqual({ from: 1, to: 1 });
    expect(await redisCommand(redis.port, 'GET', VERSION_KEY)).toContain('1');
    // A newer gateway's mark stays.
    await redisCommand(redis.port, 'SET', VERSION_KEY, '2');
    expect(await store.migrate()).toEqual({ from: 2, to: 2 });
    expect(await store.version()).toBe(2);
    expect(n).toBeGreaterThan(0);
  });
});
