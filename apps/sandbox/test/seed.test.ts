import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RunningSandbox } from '../src/sandbox.js';
import { post, type Row, startTestSandbox } from './support.js';

describe('seeded data', () => {
  let sandbox: RunningSandbox;
  const q = <T>(sql: string, ...params: unknown[]) => sandbox.db.prepare(sql).all(...params) as T[];

  beforeAll(async () => {
    sandbox = await startTestSandbox({ stepMs: 60_000 });
  });
  afterAll(() => sandbox.close());

  it('has 6+ retailers across REM and MARKETSHARE, and 20,000+ two-level nodes for each large one', () => {
    const retailers = q<{
      retailer_id: number;
      project_source: string;
      nodes: number;
      parents: number;
      orphans: number;
    }>(
      `SELECT r.retailer_id, r.project_source, count(b.node_id) AS nodes,
         sum(b.parent_id = b.node_id) AS parents,
         sum(b.parent_id <> b.node_id AND NOT EXISTS (
           SELECT 1 FROM browse_nodes p WHERE p.retailer_id = b.retailer_id AND p.node_id = b.parent_id AND p.parent_id = p.node_id)) AS orphans
       FROM retailers r JOIN browse_nodes b ON b.retailer_id = r.retailer_id GROUP BY r.retailer_id`,
    );
    expect(retailers.length).toBeGreaterThanOrEqual(6);
    expect(new Set(retailers.map((r) => r.project_source))).toEqual(
      new Set(['REM', 'MARKETSHARE']),
    );
    for (const id of [4, 12, 9]) {
      expect(retailers.find((r) => r.retailer_id === id)!.nodes).toBeGreaterThanOrEqual(20_000);
    }
    // Every child hangs under a top-level node of its own retailer: two levels, no more.
    expect(retailers.every((r) => r.orphans === 0 && r.parents > 50)).toBe(true);
    const paths = q<{ node_path: string }>(
      "SELECT node_path FROM browse_nodes WHERE retailer_id = 9 AND node_path LIKE 'Grocery > Snacks > Chips%' LIMIT 3",
    );
    expect(paths[0]!.node_path).toBe('Grocery > Snacks > Chips');
  });

  it('has 30+ existing clients and a few prospects', () => {
    const [counts] = q<{ clients: number; prospects: number }>(
      'SELECT sum(is_prospect = 0) AS clients, sum(is_prospect = 1) AS prospects FROM clients',
    );
    expect(counts!.clients).toBeGreaterThanOrEqual(30);
    expect(counts!.prospects).toBeGreaterThanOrEqual(5);
  });

  it('has Category Leaderboard setups in every status, ML and CL, for prospects and clients, several retailers each', async () => {
    const rows = (
      await post<Row[]>(sandbox, '/customer-setup/rem_omni/allSetup', {
        searchText: '',
        limit: 100,
        offset: 0,
      })
    ).body;
    expect(new Set(rows.map((r) => r.status))).toEqual(
      new Set(['NOT_STARTED', 'STARTED', 'IN_PROGRESS', 'COMPLETED', 'FAILED']),
    );
    expect(new Set(rows.map((r) => r.ismarketshareEnabled))).toEqual(new Set([true, false]));
    expect(new Set(rows.map((r) => r.isNewClient))).toEqual(new Set([true, false]));
    const perSetup = new Map<number, number>();
    for (const r of rows) perSetup.set(r.setupId, (perSetup.get(r.setupId) ?? 0) + 1);
    expect([...perSetup.values()].filter((n) => n >= 2).length).toBeGreaterThanOrEqual(10);
    // Failed rows have a failed current step with a payload; in-flight ones move on slowly.
    const failed = rows.find((r) => r.status === 'FAILED')!;
    const wf = await post<{
      currentWorkflow: { retailerId: number; status: string; statusPayload: string | null }[];
    }>(sandbox, '/customer-setup/rem_omni/worflowData', { setupId: failed.setupId });
    const entry = wf.body.currentWorkflow.find(
      (e) => e.retailerId === failed.retailerId && e.status === 'failed',
    );
    expect(entry?.statusPayload).toMatch(/ERROR/);
  });

  it('has 3 products with 4 to 8 steps, and per-product setups with schedules', () => {
    const products = q<{ product_id: number; steps: number }>(
      'SELECT p.product_id, count(s.step_id) AS steps FROM products p JOIN steps s USING (product_id) GROUP BY p.product_id',
    );
    expect(products).toHaveLength(3);
    expect(products.every((p) => p.steps >= 4 && p.steps <= 8)).toBe(true);
    const scheduled = q<{ rrule_text: string }>('SELECT rrule_text FROM setup_schedules');
    expect(scheduled.length).toBeGreaterThan(0);
    expect(scheduled.some((s) => s.rrule_text === 'every week on Wednesday at 05:30 UTC')).toBe(
      true,
    );
  });

  it('has legacy setups ongoing and completed, and the status options', () => {
    const statuses = q<{ current_status: string; n: number }>(
      'SELECT current_status, count(*) AS n FROM legacy_setups GROUP BY current_status',
    );
    expect(statuses.find((s) => s.current_status === 'completed')!.n).toBeGreaterThan(0);
    expect(statuses.filter((s) => s.current_status !== 'completed').length).toBeGreaterThanOrEqual(
      4,
    );
    expect(q<{ id: string }>('SELECT id FROM legacy_status_options').map((s) => s.id)).toContain(
      'completed',
    );
  });
});

describe('seeded data at scale (extraSetups)', () => {
  it('adds that many Category Leaderboard setups, each of a client of its own and driven to a status, the usual seed unchanged', async () => {
    const usual = await startTestSandbox({ stepMs: 60_000 });
    const larger = await startTestSandbox({ stepMs: 60_000, extraSetups: 40 });
    try {
      const setups = (s: RunningSandbox) =>
        s.db
          .prepare(
            'SELECT setup_id, client_name FROM setups WHERE product_id IS NULL ORDER BY setup_id',
          )
          .all() as { setup_id: number; client_name: string }[];
      const before = setups(usual);
      const after = setups(larger);
      expect(after).toHaveLength(before.length + 40);
      expect(after.slice(0, before.length)).toEqual(before);
      const added = after.slice(before.length);
      expect(new Set(added.map((s) => s.client_name)).size).toBe(40);
      const statuses = larger.db
        .prepare(`SELECT DISTINCT status FROM setup_retailers WHERE setup_id >= ? ORDER BY status`)
        .all(added[0]!.setup_id) as { status: string }[];
      expect(statuses.map((s) => s.status)).toEqual(
        expect.arrayContaining(['COMPLETED', 'FAILED', 'IN_PROGRESS']),
      );
    } finally {
      await usual.close();
      await larger.close();
    }
  });
});
