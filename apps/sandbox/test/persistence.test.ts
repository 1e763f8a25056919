import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import { BrowseNodeStore } from '../src/customer-setup/browse-nodes.js';
import { DATABASE_FILE } from '../src/db/database.js';
import { MIGRATIONS, migrate } from '../src/db/schema.js';
import { startSandbox } from '../src/sandbox.js';
import { addItem, call, newProspect, post, rowsOf, waitFor } from './support.js';

describe('persistence across a restart (SQLite file in the data folder)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-persist-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('keeps what was written, seeds only once, and resumes running workflows', async () => {
    const first = await startSandbox({ dataDir, port: 0, stepMs: 150, failureRate: 0 });
    let setupId: number;
    let kid: string;
    try {
      expect(fs.existsSync(path.join(dataDir, DATABASE_FILE))).toBe(true);
      const client = await newProspect(first, 'Restart Foods');
      const added = await post(first, '/customer-setup/rem_omni/addSetup', [
        await addItem(first, client, 4),
      ]);
      expect(added.status).toBe(200);
      await post(first, '/llm/prompts/add', {
        clientId: 1,
        clientName: 'Common',
        prompt: 'Survive {{what}}',
        metadata: { name: 'Restart prompt', variables: { what: 'a restart' } },
      });
      const [row] = await waitFor(
        async () => {
          const rows = await rowsOf(first, 'restart foods');
          return rows[0]?.status === 'IN_PROGRESS' ? rows : undefined;
        },
        10_000,
        'the run to be in progress',
      );
      expect(row!.stepName).toBe('crawling');
      setupId = row!.setupId;
      kid = ((await (await fetch(`${first.issuer}/jwks`)).json()) as { keys: { kid: string }[] })
        .keys[0]!.kid;
    } finally {
      await first.close();
    }

    const second = await startSandbox({ dataDir, port: 0, stepMs: 20, failureRate: 0 });
    try {
      const retailers = second.db.prepare('SELECT count(*) AS n FROM retailers').get() as {
        n: number;
      };
      expect(retailers.n).toBe(9);
      const prompts = await call<{ metadata: { name: string } }[]>(
        second,
        'GET',
        '/llm/prompts/get-all',
      );
      expect(prompts.body.filter((p) => p.metadata.name === 'Restart prompt')).toHaveLength(1);
      const exists = await post<{ isClientExists: boolean }[]>(
        second,
        '/customer-setup/categoryanalytics/isProspectExists',
        { clientName: 'restart foods' },
      );
      expect(exists.body[0]!.isClientExists).toBe(true);

      // The run picked up where it stopped and finishes on the new clock.
      const done = await waitFor(
        async () => {
          const rows = await rowsOf(second, 'restart foods');
          return rows[0]?.status === 'COMPLETED' ? rows[0] : undefined;
        },
        15_000,
        'the resumed run to complete',
      );
      expect(done.setupId).toBe(setupId);

      const jwks = (await (await fetch(`${second.issuer}/jwks`)).json()) as {
        keys: { kid: string }[];
      };
      expect(jwks.keys[0]!.kid).toBe(kid);
    } finally {
      await second.close();
    }
  });
});

describe('schema migrations', () => {
  it('upgrades a database created by the first schema: node search works on its nodes', () => {
    const db = new Database(':memory:');
    db.exec(MIGRATIONS[0]!);
    db.pragma('user_version = 1');
    db.prepare(
      "INSERT INTO retailers (retailer_id, retailer_name, slug, project_source, position) VALUES (4, 'Amazon', 'amazon', 'REM', 0)",
    ).run();
    const node = db.prepare(
      'INSERT INTO browse_nodes (retailer_id, node_id, parent_id, node_path, node_name) VALUES (4, ?, ?, ?, ?)',
    );
    node.run(10, 10, 'Grocery > Snacks > Chips', 'Chips');
    node.run(11, 10, 'Grocery > Snacks > Chips > Organic Chips', 'Organic Chips');
    node.run(12, 10, 'Grocery > Snacks > Chips > Best Sellers', 'Best Sellers');
    migrate(db);
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    const store = new BrowseNodeStore(db);
    const q = { page: 1, limit: 20, order: 'asc' as const, retailerId: 4 };
    expect(store.search({ ...q, searchText: 'organic' }).nodes).toEqual([
      {
        id: 10,
        nodePath: 'Grocery > Snacks > Chips',
        taxonomyId: '1',
        childNodes: [
          { id: 11, nodePath: 'Grocery > Snacks > Chips > Organic Chips', taxonomyId: '2' },
        ],
      },
    ]);
    expect(store.search({ ...q, searchText: 'snacks' }).nodes[0]!.childNodes).toHaveLength(2);
    db.close();
  });
});
