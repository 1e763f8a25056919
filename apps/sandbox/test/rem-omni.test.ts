import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MESSAGES } from '@onboarding/contracts';
import type { RunningSandbox } from '../src/sandbox.js';
import {
  addItem,
  newProspect,
  pickNodes,
  post,
  type Row,
  rowsOf,
  type SearchResult,
  startTestSandbox,
  type Workflow,
} from './support.js';

const RS = '/customer-setup/rem_omni';
const CA = '/customer-setup/categoryanalytics';

interface Details {
  clientDetails: {
    clientName: string;
    clientId: number;
    isNewClient: boolean;
    region: string;
    setupId: number;
    createdat: string;
    updatedat: string;
  };
  brandsDetails: { brands: string[] };
  retailers: { retailerId: number; retailerName: string; isMarketShareEnabled: boolean }[];
  scheduleDetails: { retailerId: number; schedule: Record<string, unknown>; rruleText: string }[];
}

interface NodesAnswer {
  data: {
    mapping: { retailerId: number; parentId: number; id: number }[];
    browseNodes: { taxonomyId: string; nodeId: number; nodePath: string; nodeLeaf: boolean }[];
  };
}

const search = (s: RunningSandbox, body: Record<string, unknown>) =>
  post<SearchResult>(s, `${RS}/searchBrowseNodes`, {
    page: 1,
    limit: 20,
    order: 'asc',
    retailerId: 4,
    nodeType: 'BSR',
    ...body,
  });

describe('Category Leaderboard setups (rem_omni)', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox({ stepMs: 60_000 });
  });
  afterAll(() => sandbox.close());

  describe('getRetailers', () => {
    it('answers the retailers in their REM and MARKETSHARE groups, Amazon (4) first', async () => {
      const res = await post<{
        data: { projectSource: string; data: { retailerId: number; retailerName: string }[] }[];
      }>(sandbox, `${RS}/getRetailers`);
      expect(res.status).toBe(200);
      expect(res.body.data.map((g) => g.projectSource)).toEqual(['REM', 'MARKETSHARE']);
      expect(res.body.data[0]!.data[0]).toEqual({ retailerId: 4, retailerName: 'Amazon' });
      expect(res.body.data.flatMap((g) => g.data).length).toBeGreaterThanOrEqual(6);
    });

    it('refuses a body with unknown fields', async () => {
      const res = await post<{ message: string }>(sandbox, `${RS}/getRetailers`, { retailer: 4 });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/Invalid body/);
    });
  });

  describe('allSetup', () => {
    it('pages by setup (not by retailer row), newest first, with totalRecords', async () => {
      const page1 = (
        await post<Row[]>(sandbox, `${RS}/allSetup`, { searchText: '', limit: 5, offset: 0 })
      ).body;
      const page2 = (
        await post<Row[]>(sandbox, `${RS}/allSetup`, { searchText: '', limit: 5, offset: 5 })
      ).body;
      const ids1 = [...new Set(page1.map((r) => r.setupId))];
      const ids2 = [...new Set(page2.map((r) => r.setupId))];
      expect(ids1).toHaveLength(5);
      expect(ids2).toHaveLength(5);
      expect(page1.length).toBeGreaterThan(5);
      expect(ids1.some((id) => ids2.includes(id))).toBe(false);
      expect([...ids1, ...ids2]).toEqual([...ids1, ...ids2].sort((a, b) => b - a));
      expect(page1[0]!.totalRecords).toBeGreaterThanOrEqual(30);
      expect(
        page1.every((r) => r.retailerName && typeof r.ismarketshareEnabled === 'boolean'),
      ).toBe(true);
    });

    it('filters on the client name, case-insensitively', async () => {
      const rows = (
        await post<Row[]>(sandbox, `${RS}/allSetup`, {
          searchText: 'NorthWIND',
          limit: 20,
          offset: 0,
        })
      ).body;
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.clientName === 'northwind beverages')).toBe(true);
      expect(rows[0]!.totalRecords).toBe(1);
      const none = (
        await post<Row[]>(sandbox, `${RS}/allSetup`, { searchText: 'zzz', limit: 20, offset: 0 })
      ).body;
      expect(none).toEqual([]);
    });

    it('refuses a limit of 0', async () => {
      const res = await post<{ message: string }>(sandbox, `${RS}/allSetup`, {
        searchText: '',
        limit: 0,
        offset: 0,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('limit');
    });
  });

  describe('searchBrowseNodes', () => {
    it('finds every word in the node path, case-insensitively, each result with its children', async () => {
      const res = await search(sandbox, { searchText: 'SNACKS chips' });
      expect(res.status).toBe(200);
      const chips = res.body.nodes.find(
        (n) => n.nodePath === 'Grocery & Gourmet Food > Snacks > Chips',
      );
      expect(chips).toBeDefined();
      expect(chips!.childNodes.length).toBeGreaterThan(20);
      expect(chips!.childNodes.every((c) => c.nodePath.startsWith(`${chips!.nodePath} > `))).toBe(
        true,
      );
      expect(
        res.body.nodes.every((n) => /snacks/i.test(n.nodePath) && /chips/i.test(n.nodePath)),
      ).toBe(true);
    });

    it('brings only the matching children of a top-level node that does not match itself', async () => {
      const res = await search(sandbox, { searchText: 'korean serums' });
      const serums = res.body.nodes.find((n) => n.nodePath.endsWith('> Serums'))!;
      expect(serums.childNodes.map((c) => c.nodePath)).toEqual([
        `${serums.nodePath} > Korean Serums`,
      ]);
    });

    it('pages and orders the top-level nodes by path', async () => {
      const p1 = (await search(sandbox, { searchText: 'organic', limit: 10 })).body;
      const p2 = (await search(sandbox, { searchText: 'organic', limit: 10, page: 2 })).body;
      const desc = (await search(sandbox, { searchText: 'organic', limit: 10, order: 'desc' }))
        .body;
      expect(p1.total).toBeGreaterThan(20);
      expect(p2.total).toBe(p1.total);
      expect(p1.nodes).toHaveLength(10);
      const paths = [...p1.nodes, ...p2.nodes].map((n) => n.nodePath);
      expect(paths).toEqual([...paths].sort((a, b) => (a < b ? -1 : 1)));
      expect(desc.nodes[0]!.nodePath > p1.nodes[0]!.nodePath).toBe(true);
    });

    it('matches words shorter than three letters too', async () => {
      const res = await search(sandbox, { searchText: 'tv', retailerId: 12 });
      expect(res.body.total).toBeGreaterThan(0);
      expect(res.body.nodes.every((n) => n.nodePath.toLowerCase().includes('tv'))).toBe(true);
    });

    it('narrows by a very common short word, on the whole path of every result', async () => {
      const res = await search(sandbox, { searchText: 'vitamin d', limit: 100 });
      expect(res.body.total).toBeGreaterThan(0);
      for (const node of res.body.nodes) {
        for (const n of [node, ...node.childNodes]) {
          if (n === node && node.childNodes.length > 0 && !/vitamin/i.test(n.nodePath)) continue;
          expect(n.nodePath.toLowerCase()).toContain('vitamin');
          expect(n.nodePath.toLowerCase()).toContain('d');
        }
      }
      const vitaminC = await search(sandbox, { searchText: 'vitamin c', limit: 100 });
      expect(vitaminC.body.nodes.some((n) => n.nodePath.endsWith('> Vitamin C'))).toBe(true);
      const everything = await search(sandbox, { searchText: 'e', limit: 5 });
      expect(everything.body.total).toBeGreaterThan(400);
    });

    it('refuses a page 0 and an unknown node type', async () => {
      expect((await search(sandbox, { searchText: 'tea', page: 0 })).status).toBe(400);
      expect((await search(sandbox, { searchText: 'tea', nodeType: 'OTHER' })).status).toBe(400);
    });
  });

  describe('isClientExists / addClient / isProspectExists / clients', () => {
    it('says whether a setup exists for a client, case-insensitively', async () => {
      const yes = await post<{ isClientExists: boolean }[]>(sandbox, `${RS}/isClientExists`, {
        clientName: 'Northwind Beverages',
      });
      const no = await post<{ isClientExists: boolean }[]>(sandbox, `${RS}/isClientExists`, {
        clientName: 'nobody at all',
      });
      expect(yes.body).toEqual([{ isClientExists: true }]);
      expect(no.body).toEqual([{ isClientExists: false }]);
      expect((await post(sandbox, `${RS}/isClientExists`, { clientName: '' })).status).toBe(400);
    });

    it('registers a prospect once; a second time is refused with the spec message', async () => {
      const res = await post<{ clientId: number }>(sandbox, `${RS}/addClient`, {
        clientName: 'fresh prospect',
        region: 'US',
      });
      expect(res.status).toBe(200);
      expect(res.body.clientId).toBeGreaterThan(2000);
      const again = await post<{ message: string }>(sandbox, `${RS}/addClient`, {
        clientName: 'Fresh Prospect',
        region: 'US',
      });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(MESSAGES.customerExists);
      const exists = await post<{ isClientExists: boolean }[]>(sandbox, `${CA}/isProspectExists`, {
        clientName: 'fresh PROSPECT',
      });
      expect(exists.body[0]!.isClientExists).toBe(true);
      expect(
        (await post(sandbox, `${RS}/addClient`, { clientName: 'x', region: 'UK' })).status,
      ).toBe(400);
    });

    it('lists the existing clients (not prospects) for the picker', async () => {
      const res = await post<{ value: number; name: string }[]>(sandbox, `${CA}/clients`);
      expect(res.body.length).toBeGreaterThanOrEqual(30);
      expect(res.body.some((c) => c.name === 'Blue Harbor Foods' && c.value === 1001)).toBe(true);
      expect(res.body.some((c) => c.name === 'Juniper Skin Co')).toBe(false);
      const unknown = await post<{ isClientExists: boolean }[]>(sandbox, `${CA}/isProspectExists`, {
        clientName: 'no such co',
      });
      expect(unknown.body[0]!.isClientExists).toBe(false);
      expect((await post(sandbox, `${CA}/clients`, { x: 1 })).status).toBe(400);
    });
  });

  describe('addSetup, then details, nodes, workflow and updates', () => {
    let setupId: number;
    let client: { clientId: number; clientName: string; isNewClient: boolean };

    it('creates one row per retailer and starts each workflow', async () => {
      client = await newProspect(sandbox, 'Gamma Snacks');
      const items = [
        await addItem(sandbox, client, 4),
        await addItem(sandbox, client, 31, { isMarketShareEnabled: true }),
      ];
      const res = await post<{ message: string }>(
        sandbox,
        `${RS}/addSetup`,
        items,
        'creator@example.com',
      );
      expect(res.status).toBe(200);
      expect(res.body.message).toMatch(/created for gamma snacks on 2 retailers/);
      const rows = await rowsOf(sandbox, 'gamma snacks');
      expect(
        rows.map((r) => [
          r.retailerId,
          r.ismarketshareEnabled,
          r.status,
          r.stepName,
          r.isNewClient,
        ]),
      ).toEqual([
        [4, false, 'NOT_STARTED', 'crawling', true],
        [31, true, 'NOT_STARTED', 'crawling', true],
      ]);
      setupId = rows[0]!.setupId;
      const stored = sandbox.db
        .prepare('SELECT created_by FROM setups WHERE setup_id = ?')
        .get(setupId);
      expect(stored).toEqual({ created_by: 'creator@example.com' });
    });

    it('refuses a second setup for the same client with the spec message', async () => {
      const res = await post<{ message: string }>(sandbox, `${RS}/addSetup`, [
        await addItem(sandbox, client, 12),
      ]);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(MESSAGES.customerSetupExists);
    });

    it('refuses unknown clients, retailers and nodes, and a node under the wrong parent', async () => {
      const other = await newProspect(sandbox, 'Delta Drinks');
      const item = await addItem(sandbox, other, 4);
      const cases: [unknown, RegExp][] = [
        [[{ ...item, clientId: 999_999 }], /Client 999999 does not exist/],
        [[{ ...item, retailerId: 999 }], /Retailer 999 does not exist/],
        [[{ ...item, browseNodes: [{ parent_id: 1, id: 1 }] }], /Browse node 1 does not exist/],
        [
          [
            {
              ...item,
              browseNodes: [{ parent_id: item.browseNodes[1]!.id, id: item.browseNodes[1]!.id }],
            },
          ],
          /has parent/,
        ],
        [[item, item], /appears twice/],
      ];
      for (const [body, message] of cases) {
        const res = await post<{ message: string }>(sandbox, `${RS}/addSetup`, body);
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(message);
      }
      const empty = await post<{ message: string }>(sandbox, `${RS}/addSetup`, [
        { ...item, browseNodes: [] },
      ]);
      expect(empty.status).toBe(400);
      expect((await rowsOf(sandbox, 'delta drinks')).length).toBe(0);
    });

    it('answers the setup details: client, brands, retailers, schedule', async () => {
      const res = await post<Details>(sandbox, `${RS}/setupDetails`, { setupId });
      expect(res.body.clientDetails).toMatchObject({
        clientName: 'gamma snacks',
        clientId: client.clientId,
        isNewClient: true,
        region: 'US',
        setupId,
      });
      expect(res.body.brandsDetails.brands).toEqual(['Acme', 'Acme Kids']);
      expect(res.body.retailers).toEqual([
        { retailerId: 4, retailerName: 'Amazon', isMarketShareEnabled: false },
        { retailerId: 31, retailerName: 'Amazon Fresh', isMarketShareEnabled: true },
      ]);
      expect(res.body.scheduleDetails).toEqual([]);
      const missing = await post<{ message: string }>(sandbox, `${RS}/setupDetails`, {
        setupId: 99_999,
      });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('Setup 99999 does not exist');
      expect((await post(sandbox, `${RS}/setupDetails`, { setupId: 'one' })).status).toBe(400);
    });

    it("answers the setup's nodes with the parent/child mapping", async () => {
      const res = await post<NodesAnswer>(sandbox, `${RS}/browseNodes?setupId=${setupId}`);
      const amazon = res.body.data.mapping.filter((m) => m.retailerId === 4);
      expect(amazon).toHaveLength(2);
      expect(amazon[0]!.parentId).toBe(amazon[0]!.id);
      expect(amazon[1]!.parentId).toBe(amazon[0]!.id);
      const parent = res.body.data.browseNodes.find((n) => n.nodeId === amazon[0]!.id)!;
      const child = res.body.data.browseNodes.find((n) => n.nodeId === amazon[1]!.id)!;
      expect(parent.nodeLeaf).toBe(false);
      expect(child.nodeLeaf).toBe(true);
      expect(child.nodePath.startsWith(parent.nodePath)).toBe(true);
      expect((await post(sandbox, `${RS}/browseNodes`)).status).toBe(400);
      expect((await post(sandbox, `${RS}/browseNodes?setupId=abc`)).status).toBe(400);
    });

    it('answers the workflow with lower-case step statuses', async () => {
      const res = await post<Workflow>(sandbox, `${RS}/worflowData`, { setupId });
      expect(res.body.currentWorkflow).toHaveLength(18);
      expect(new Set(res.body.currentWorkflow.map((e) => e.status))).toEqual(
        new Set(['not_started']),
      );
      expect(res.body.historyWorkflow).toEqual([]);
      expect((await post(sandbox, `${RS}/worflowData`, {})).status).toBe(400);
    });

    it('applies node and brand changes, adds a new retailer, and stores who updated', async () => {
      const { parent } = await pickNodes(sandbox, 4, 'coffee');
      const base = {
        setupId,
        isEdit: true as const,
        isNewClient: true,
        clientName: 'gamma snacks',
        clientId: client.clientId,
        brands: ['Gamma', 'Gamma Lite', 'gamma'],
        isMarketShareEnabled: false,
        schedule: null,
        isScheduleUpdate: false,
        isScheduleRemove: false,
        nodeDetails: [],
      };
      const walmart = await addItem(sandbox, client, 12);
      const res = await post<{ message: string }>(
        sandbox,
        `${RS}/updateSetup`,
        [
          {
            ...base,
            retailerId: 4,
            isBrandsUpdate: true,
            browseNodes: [{ parent_id: parent.id, id: parent.id }],
          },
          { ...base, retailerId: 12, isBrandsUpdate: true, browseNodes: walmart.browseNodes },
        ],
        'editor@example.com',
      );
      expect(res.status).toBe(200);
      expect(res.body.message).toMatch(/brands, nodes of retailer 4, retailer 12 added/);
      const details = (await post<Details>(sandbox, `${RS}/setupDetails`, { setupId })).body;
      expect(details.brandsDetails.brands).toEqual(['Gamma', 'Gamma Lite']);
      expect(details.retailers.map((r) => r.retailerId)).toEqual([4, 31, 12]);
      const nodes = (await post<NodesAnswer>(sandbox, `${RS}/browseNodes?setupId=${setupId}`)).body;
      expect(nodes.data.mapping.filter((m) => m.retailerId === 4)).toEqual([
        { retailerId: 4, parentId: parent.id, id: parent.id },
      ]);
      expect((await rowsOf(sandbox, 'gamma snacks')).map((r) => r.retailerId)).toEqual([4, 31, 12]);
      expect(
        sandbox.db.prepare('SELECT updated_by FROM setups WHERE setup_id = ?').get(setupId),
      ).toEqual({
        updated_by: 'editor@example.com',
      });
    });

    it('stores a schedule with its rrule text, and removes it', async () => {
      const item = {
        setupId,
        isEdit: true,
        retailerId: 31,
        browseNodes: (
          await post<NodesAnswer>(sandbox, `${RS}/browseNodes?setupId=${setupId}`)
        ).body.data.mapping
          .filter((m) => m.retailerId === 31)
          .map((m) => ({ parent_id: m.parentId, id: m.id })),
        nodeDetails: [],
        isNewClient: true,
        clientName: 'gamma snacks',
        clientId: client.clientId,
        brands: [],
        isMarketShareEnabled: true,
        isBrandsUpdate: false,
        isScheduleUpdate: true,
        isScheduleRemove: false,
        schedule: {
          freq: 'WEEKLY',
          byweekday: ['MO', 'WE'],
          interval: 2,
          startTime: '07:15',
          startDate: '2030-01-01',
          endDate: '2030-06-30',
        },
      };
      await post(sandbox, `${RS}/updateSetup`, [item]);
      const details = (await post<Details>(sandbox, `${RS}/setupDetails`, { setupId })).body;
      expect(details.scheduleDetails).toEqual([
        {
          retailerId: 31,
          schedule: item.schedule,
          rruleText: 'every 2 weeks on Monday and Wednesday at 07:15 UTC until 2030-06-30',
        },
      ]);
      await post(sandbox, `${RS}/updateSetup`, [
        { ...item, isScheduleUpdate: false, isScheduleRemove: true, schedule: null },
      ]);
      expect(
        (await post<Details>(sandbox, `${RS}/setupDetails`, { setupId })).body.scheduleDetails,
      ).toEqual([]);
    });

    it('refuses an update of a setup that does not exist, or of two setups at once', async () => {
      const item = await addItem(sandbox, client, 4);
      const update = {
        ...item,
        setupId: 99_999,
        isEdit: true,
        isBrandsUpdate: false,
        isScheduleUpdate: false,
        isScheduleRemove: false,
      } as Record<string, unknown>;
      delete update.isScheduled;
      const missing = await post<{ message: string }>(sandbox, `${RS}/updateSetup`, [update]);
      expect(missing.status).toBe(404);
      const mixed = await post<{ message: string }>(sandbox, `${RS}/updateSetup`, [
        update,
        { ...update, setupId },
      ]);
      expect(mixed.status).toBe(400);
      expect(mixed.body.message).toMatch(/same setup/);
      expect(
        (await post(sandbox, `${RS}/updateSetup`, [{ ...update, isEdit: false }])).status,
      ).toBe(400);
    });
  });
});
