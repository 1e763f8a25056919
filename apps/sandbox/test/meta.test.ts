import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MESSAGES } from '@onboarding/contracts';
import type { RunningSandbox } from '../src/sandbox.js';
import { addItem, post, type Row, rowsOf, startTestSandbox, type Workflow } from './support.js';

const META = '/customer-setup/meta';

describe('per-product setups (meta)', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox({ stepMs: 60_000 });
  });
  afterAll(() => sandbox.close());

  it("lists a product's setups only, with each row's browse nodes", async () => {
    const res = await post<Row[]>(sandbox, `${META}/allSetup`, {
      searchText: '',
      limit: 20,
      offset: 0,
      productId: 2,
    });
    expect(res.status).toBe(200);
    expect(new Set(res.body.map((r) => r.setupId)).size).toBe(4);
    const ids = new Set(
      (
        sandbox.db.prepare('SELECT setup_id FROM setups WHERE product_id = 2').all() as {
          setup_id: number;
        }[]
      ).map((r) => r.setup_id),
    );
    expect(res.body.every((r) => ids.has(r.setupId))).toBe(true);
    for (const row of res.body) {
      expect(row.nodesDetails!.length).toBeGreaterThan(0);
      expect(
        row.nodesDetails!.every(
          (n) => n.retailerId === row.retailerId && n.nodePath.includes(' > '),
        ),
      ).toBe(true);
    }
    expect(res.body[0]!.totalRecords).toBe(4);
  });

  it('refuses an unknown product and a missing productId', async () => {
    const unknown = await post<{ message: string }>(sandbox, `${META}/allSetup`, {
      searchText: '',
      limit: 20,
      offset: 0,
      productId: 99,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Product 99 does not exist');
    expect(
      (await post(sandbox, `${META}/allSetup`, { searchText: '', limit: 20, offset: 0 })).status,
    ).toBe(400);
  });

  it('checks for an existing setup per product', async () => {
    const [row] = (
      await post<Row[]>(sandbox, `${META}/allSetup`, {
        searchText: '',
        limit: 1,
        offset: 0,
        productId: 1,
      })
    ).body;
    const same = await post<{ isClientExists: boolean }[]>(sandbox, `${META}/isClientExists`, {
      clientName: row!.clientName.toUpperCase(),
      productId: 1,
    });
    expect(same.body[0]!.isClientExists).toBe(true);
    const productsOfClient = sandbox.db
      .prepare('SELECT product_id FROM setups WHERE client_key = ? AND product_id IS NOT NULL')
      .all(row!.clientName) as { product_id: number }[];
    const other = [1, 2, 3].find((p) => !productsOfClient.some((x) => x.product_id === p))!;
    const elsewhere = await post<{ isClientExists: boolean }[]>(sandbox, `${META}/isClientExists`, {
      clientName: row!.clientName,
      productId: other,
    });
    expect(elsewhere.body[0]!.isClientExists).toBe(false);
    expect((await post(sandbox, `${META}/isClientExists`, { clientName: 'x' })).status).toBe(400);
  });

  it('adds a scheduled setup for a product; a second one for the same client and product is refused', async () => {
    const client = { clientId: 1030, clientName: 'Greenthumb Garden' };
    const schedule = {
      freq: 'WEEKLY',
      byweekday: ['WE'],
      interval: 1,
      startTime: '05:30',
      startDate: '2030-03-06',
    };
    const item = await addItem(sandbox, client, 9, { isScheduled: true, schedule });
    const res = await post<{ message: string }>(sandbox, `${META}/addSetup`, {
      productId: 3,
      data: [item],
    });
    expect(res.status).toBe(200);
    const [row] = await rowsOf(sandbox, 'greenthumb garden', 3);
    expect(row).toMatchObject({
      retailerId: 9,
      status: 'NOT_STARTED',
      stepName: 'keyword_discovery',
    });

    const details = await post<{
      clientDetails: { scheduled: boolean };
      scheduleDetails: { rruleText: string; schedule: unknown }[];
    }>(sandbox, `${META}/setupDetails`, { setupId: row!.setupId });
    expect(details.body.clientDetails.scheduled).toBe(true);
    expect(details.body.scheduleDetails).toEqual([
      { retailerId: 9, schedule, rruleText: 'every week on Wednesday at 05:30 UTC' },
    ]);

    const again = await post<{ message: string }>(sandbox, `${META}/addSetup`, {
      productId: 3,
      data: [item],
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MESSAGES.customerSetupExists);
    // The same client may still have a setup of another product.
    const other = await post(sandbox, `${META}/addSetup`, { productId: 2, data: [item] });
    expect(other.status).toBe(200);
    expect((await post(sandbox, `${META}/addSetup`, { productId: 3, data: [] })).status).toBe(400);
  });

  it('updates a per-product setup: the schedule is removed and scheduled turns false', async () => {
    const [row] = await rowsOf(sandbox, 'greenthumb garden', 3);
    const nodes = (
      await post<{ data: { mapping: { parentId: number; id: number }[] } }>(
        sandbox,
        `${META}/browseNodes?setupId=${row!.setupId}`,
      )
    ).body.data.mapping;
    const res = await post<{ message: string }>(sandbox, `${META}/updateSetup`, {
      productId: 3,
      data: [
        {
          retailerId: 9,
          browseNodes: nodes.map((m) => ({ parent_id: m.parentId, id: m.id })),
          nodeDetails: [],
          isNewClient: false,
          clientName: row!.clientName,
          clientId: row!.clientId,
          brands: ['Greenthumb', 'Root and Bloom'],
          isMarketShareEnabled: false,
          schedule: null,
          setupId: row!.setupId,
          isEdit: true,
          isBrandsUpdate: true,
          isScheduleUpdate: false,
          isScheduleRemove: true,
        },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toContain('schedule of retailer 9 removed');
    const details = await post<{
      clientDetails: { scheduled: boolean };
      brandsDetails: { brands: string[] };
    }>(sandbox, `${META}/setupDetails`, { setupId: row!.setupId });
    expect(details.body.clientDetails.scheduled).toBe(false);
    expect(details.body.brandsDetails.brands).toEqual(['Greenthumb', 'Root and Bloom']);
    // Updating it as another product's setup is refused.
    const wrong = await post(sandbox, `${META}/updateSetup`, {
      productId: 1,
      data: [
        {
          retailerId: 9,
          browseNodes: nodes.map((m) => ({ parent_id: m.parentId, id: m.id })),
          nodeDetails: [],
          isNewClient: false,
          clientName: row!.clientName,
          clientId: row!.clientId,
          brands: [],
          isMarketShareEnabled: false,
          setupId: row!.setupId,
          isEdit: true,
          isBrandsUpdate: false,
          isScheduleUpdate: false,
          isScheduleRemove: false,
        },
      ],
    });
    expect(wrong.status).toBe(404);
  });

  it("answers a per-product setup's details, nodes and workflow, and refuses a Category Leaderboard setup id", async () => {
    const [row] = await rowsOf(sandbox, 'greenthumb garden', 3);
    const wf = await post<Workflow>(sandbox, `${META}/workflowData`, { setupId: row!.setupId });
    expect(wf.body.currentWorkflow.map((e) => e.stepName)).toEqual([
      'keyword_discovery',
      'keyword_review',
      'serp_crawl',
      'volume_enrichment',
      'share_compute',
      'competitor_mapping',
      'insights_generation',
      'dashboard_refresh',
    ]);
    for (const path of ['setupDetails', 'workflowData']) {
      const res = await post<{ message: string }>(sandbox, `${META}/${path}`, { setupId: 1 });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Setup 1 is not a per-product setup');
    }
    expect((await post(sandbox, `${META}/browseNodes?setupId=1`)).status).toBe(404);
    expect((await post(sandbox, `${META}/workflowData`, { setupId: -1 })).status).toBe(400);
  });

  it("offers the retailers for a product with the product's own retailer first", async () => {
    const res = await post<{ data: { projectSource: string; data: { retailerName: string }[] }[] }>(
      sandbox,
      `${META}/getRetailers?productId=2`,
    );
    expect(res.body.data[0]!.data[0]!.retailerName).toBe('Walmart');
    const target = await post<{ data: { data: { retailerName: string }[] }[] }>(
      sandbox,
      `${META}/getRetailers?productId=3`,
    );
    expect(target.body.data[0]!.data[0]!.retailerName).toBe('Target');
    expect((await post(sandbox, `${META}/getRetailers?productId=99`)).status).toBe(404);
    expect((await post(sandbox, `${META}/getRetailers`)).status).toBe(400);
  });

  it('re-triggers and refreshes with the product named in the body', async () => {
    const rows = (
      await post<Row[]>(sandbox, `${META}/allSetup`, {
        searchText: '',
        limit: 20,
        offset: 0,
        productId: 1,
      })
    ).body;
    const failed = rows.find((r) => r.status === 'FAILED')!;
    const body = {
      setupId: failed.setupId,
      stepName: failed.stepName!,
      clientName: failed.clientName,
      clientId: failed.clientId,
      retailerId: failed.retailerId,
      isNewClient: false,
      productId: 1,
    };
    const wrongProduct = await post(sandbox, `${META}/reTrigger`, { ...body, productId: 2 });
    expect(wrongProduct.status).toBe(404);
    const res = await post<{ message: string }>(sandbox, `${META}/reTrigger`, body);
    expect(res.status).toBe(200);
    expect(
      (await rowsOf(sandbox, failed.clientName, 1)).find((r) => r.retailerId === failed.retailerId)
        ?.status,
    ).toBe('NOT_STARTED');
    const completed = rows.find((r) => r.status === 'COMPLETED')!;
    const refresh = await post<{ message: string }>(sandbox, `${META}/refreshData`, {
      ...body,
      setupId: completed.setupId,
      retailerId: completed.retailerId,
      clientName: completed.clientName,
      clientId: completed.clientId,
    });
    expect(refresh.status).toBe(200);
    expect(
      (await post(sandbox, `${META}/refreshData`, { ...body, productId: undefined })).status,
    ).toBe(400);
  });
});
