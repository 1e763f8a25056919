import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type {
  ApiError,
  FleetFilter,
  FleetList,
  SavedView,
  SavedViews,
  SetupRow,
} from '@onboarding/contracts';
import { serializeFleetFilterQuery } from '@onboarding/contracts';
import { type Browser, freePort, signIn, waitFor } from '@onboarding/test-support';
import { startGateway, type TestGateway, tempDir } from './support/gateway.js';
import { type RunningSandbox, startSandbox } from './support/sandbox.js';
import { allRows } from './support/setup-rows.js';

const VIEWS = '/api/views';
const LIST = '/api/fleet/list';

/** The setups (ids, newest first) with a row that passes `test`. */
const idsWith = (rows: SetupRow[], test: (r: SetupRow) => boolean) =>
  [...new Set(rows.filter(test).map((r) => r.setupId))].sort((a, b) => b - a);

describe('saved views and the filtered fleet list, against the sandbox', () => {
  let sandbox: RunningSandbox;
  let gw: TestGateway;
  let port: number;
  let dataDir: string;
  let ada: Browser;
  let bob: Browser;
  let rows: SetupRow[];

  const env = () => ({
    OIDC_ISSUER: `${sandbox.url}/oidc`,
    CUSTOMER_SETUP_API_URL: `${sandbox.url}/customer-setup`,
    LLM_API_URL: `${sandbox.url}/llm`,
    DATA_DIR: dataDir,
  });

  beforeAll(async () => {
    port = await freePort();
    dataDir = tempDir();
    // More setups than one list page holds (30 seeded): matches sit on later pages too.
    sandbox = await startSandbox([`http://127.0.0.1:${port}`], { extraSetups: 150 });
    gw = await startGateway(env(), { port });
    ({ browser: ada } = await signIn(gw.url, 'ada@example.com'));
    ({ browser: bob } = await signIn(gw.url, 'bob@example.com'));
    rows = await allRows(ada, gw.url);
  }, 30_000);

  afterAll(async () => {
    await gw?.close();
    await sandbox?.close();
  });

  const list = async (query: string, browser = ada) => {
    const res = await browser.get(`${gw.url}${LIST}?flow=rem_omni&${query}`);
    expect(res.status).toBe(200);
    return res.json as FleetList;
  };
  /** The list once the snapshot is read (asking is what starts the first read here). */
  const ready = (query: string) =>
    waitFor(async () => {
      const page = await list(query);
      return page.state === 'ready' ? page : undefined;
    });
  /** Every matching setup id, page after page. */
  const everyId = async (filter: FleetFilter) => {
    const ids: number[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = await ready(`${serializeFleetFilterQuery(filter)}&offset=${offset}&limit=100`);
      ids.push(...page.setups.map((s) => s.setupId));
      if (offset + 100 >= page.total) return { ids, total: page.total };
    }
  };
  const create = (body: unknown, browser = ada) => browser.post(`${gw.url}${VIEWS}`, body);
  const views = async (browser = ada, query = '') =>
    ((await browser.get(`${gw.url}${VIEWS}${query}`)).json as SavedViews).views;
  const newView = (
    name: string,
    filters: FleetFilter = { status: ['FAILED'] },
    pinned = false,
  ) => ({
    name,
    flow: 'rem_omni',
    productId: null,
    filters,
    pinned,
  });

  it('refuses a signed-out caller', async () => {
    for (const path of [VIEWS, `${LIST}?flow=rem_omni`, `${VIEWS}/default?flow=rem_omni`])
      expect((await fetch(`${gw.url}${path}`)).status).toBe(401);
  });

  it('lists the setups matching the filters over every page of the fleet, newest first, a page at a time', async () => {
    // The seed has more than one list page: matches on later pages count too.
    const firstPage = new Set(idsWith(rows, () => true).slice(0, 100));
    expect(new Set(rows.map((r) => r.setupId)).size).toBeGreaterThan(100);
    const notStarted = idsWith(rows, (r) => r.status === 'NOT_STARTED');
    const { ids, total } = await everyId({ status: ['NOT_STARTED'] });
    expect(ids).toEqual(notStarted);
    expect(total).toBe(notStarted.length);
    expect(ids.some((id) => !firstPage.has(id))).toBe(true);
    // Pages in order: the second page follows the first.
    const page1 = await ready('status=NOT_STARTED&limit=5');
    const page2 = await ready('status=NOT_STARTED&limit=5&offset=5');
    expect([...page1.setups, ...page2.setups].map((s) => s.setupId)).toEqual(
      notStarted.slice(0, 10),
    );
    expect(page1.setups[0]).toMatchObject({
      rows: expect.any(Array),
      clientName: expect.any(String),
    });
  });

  it("names each listed setup's client as its allSetup rows do: the client id a dashboard link and a refresh send", async () => {
    const { setups } = await ready('status=NOT_STARTED&limit=20');
    expect(setups.length).toBeGreaterThan(0);
    for (const setup of setups) {
      const listed = rows.find((r) => r.setupId === setup.setupId)!;
      expect({ clientName: setup.clientName, clientId: setup.clientId }).toEqual({
        clientName: listed.clientName,
        clientId: listed.clientId,
      });
    }
  });

  it('asks the row filters of one row (status and retailer together), the setup ones of the setup', async () => {
    const row = rows.find((r) => r.status === 'COMPLETED')!;
    const filter: FleetFilter = { status: ['COMPLETED'], retailer: [row.retailerId] };
    expect((await everyId(filter)).ids).toEqual(
      idsWith(rows, (r) => r.status === 'COMPLETED' && r.retailerId === row.retailerId),
    );
    expect((await everyId({ prospect: true })).ids).toEqual(idsWith(rows, (r) => r.isNewClient));
    expect((await everyId({ prospect: false, status: ['NOT_STARTED'] })).ids).toEqual(
      idsWith(rows, (r) => !r.isNewClient && r.status === 'NOT_STARTED'),
    );
    // Market Share or CL, of the row: a setup may be both on two retailers.
    expect((await everyId({ marketShare: true })).ids).toEqual(
      idsWith(rows, (r) => r.ismarketshareEnabled),
    );
    expect((await everyId({ marketShare: false, status: ['NOT_STARTED'] })).ids).toEqual(
      idsWith(rows, (r) => !r.ismarketshareEnabled && r.status === 'NOT_STARTED'),
    );
  });

  it('refuses an unknown filter, a bad value and a page over 100 with the parameter named, before any upstream call', async () => {
    const bad = async (query: string) => {
      const res = await ada.get(`${gw.url}${LIST}?flow=rem_omni&${query}`);
      expect(res.status).toBe(400);
      return (res.json as ApiError).error;
    };
    expect(await bad('colour=red')).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: ['query'], message: 'Unknown parameter: colour' }],
    });
    expect((await bad('ms=yes')).issues).toEqual([
      { path: ['query', 'ms'], message: 'Must be 0 or 1' },
    ]);
    expect((await bad('limit=101')).issues![0]!.path).toEqual(['query', 'limit']);
    expect((await bad('failedSince=yesterday')).issues![0]!.path).toEqual(['query', 'failedSince']);
  });

  it('saves a view and lists it with the count of setups its filters match in the snapshot', async () => {
    const filters: FleetFilter = { status: ['NOT_STARTED'], prospect: false };
    const res = await create(newView('  Clients not started  ', filters));
    expect(res.status).toBe(200);
    const saved = res.json as SavedView;
    expect(saved).toMatchObject({ name: 'Clients not started', filters, pinned: false });
    const { total } = await ready(serializeFleetFilterQuery(filters));
    expect(total).toBeGreaterThan(0);
    expect(await views()).toEqual([{ ...saved, count: total }]);
    // One flow's views: a product flow has none.
    expect(await views(ada, '?flow=meta&productId=1')).toEqual([]);
    expect(await views(ada, '?flow=rem_omni')).toHaveLength(1);
  });

  it('renames, re-filters and pins a view, one default a flow, and deletes it', async () => {
    const [first] = await views();
    const second = (await create(newView('Failed', { status: ['FAILED'] }, true)))
      .json as SavedView;
    const def = async () =>
      (
        (await ada.get(`${gw.url}${VIEWS}/default?flow=rem_omni`)).json as {
          view: SavedView | null;
        }
      ).view;
    expect((await def())?.id).toBe(second.id);
    const put = (id: string, body: unknown, browser = ada) =>
      browser.request('PUT', `${gw.url}${VIEWS}/${id}`, { json: body });
    const renamed = await put(first!.id, { name: 'Clients waiting', pinned: true });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ id: first!.id, name: 'Clients waiting', pinned: true });
    expect((await def())?.id).toBe(first!.id);
    expect((await views()).find((v) => v.id === second.id)?.pinned).toBe(false);
    const refiltered = await put(second.id, { filters: { prospect: true } });
    expect(refiltered.json).toMatchObject({ filters: { prospect: true }, name: 'Failed' });
    const prospects = (await ready('prospect=1')).total;
    expect((await views()).find((v) => v.id === second.id)?.count).toBe(prospects);
    const del = await ada.request('DELETE', `${gw.url}${VIEWS}/${second.id}`);
    expect(del).toMatchObject({ status: 200, json: { id: second.id } });
    expect((await ada.request('DELETE', `${gw.url}${VIEWS}/${second.id}`)).status).toBe(404);
    expect((await views()).map((v) => v.name)).toEqual(['Clients waiting']);
  });

  it('refuses a bad view with a clear error and keeps every saved one', async () => {
    const before = await views();
    const refused = async (body: unknown, status: number) => {
      const res = await create(body);
      expect(res.status).toBe(status);
      return (res.json as ApiError).error;
    };
    expect(await refused(newView('   '), 400)).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: ['body', 'name'], message: 'Name the view' }],
    });
    expect((await refused(newView('x'.repeat(61)), 400)).issues).toEqual([
      { path: ['body', 'name'], message: 'At most 60 characters' },
    ]);
    expect(await refused(newView('CLIENTS WAITING'), 409)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'You already have a view named "CLIENTS WAITING".',
      issues: [{ path: ['body', 'name'], message: 'Already used by another of your views' }],
    });
    expect(
      (await refused(newView('Colours', { colour: 'red' } as FleetFilter), 400)).issues,
    ).toEqual([{ path: ['body', 'filters'], message: 'Unknown filter: colour' }]);
    expect((await refused(newView('Bad', { retailer: [] }), 400)).issues![0]!.path).toEqual([
      'body',
      'filters',
      'retailer',
    ]);
    // A product flow names its product.
    expect((await refused({ ...newView('Product'), flow: 'meta' }, 400)).issues![0]!.path).toEqual([
      'body',
      'productId',
    ]);
    expect(await views()).toEqual(before);
  });

  it('refuses the 51st view of an operator, keeping the 50', async () => {
    const start = (await views()).length;
    for (let i = start; i < 50; i++) expect((await create(newView(`View ${i}`))).status).toBe(200);
    const res = await create(newView('One too many'));
    expect(res.status).toBe(409);
    expect((res.json as ApiError).error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'You have 50 views, the most kept: delete one to save another.',
    });
    expect(await views()).toHaveLength(50);
  });

  it("shows an operator only their own views: another's id is not found, never forbidden", async () => {
    expect(await views(bob)).toEqual([]);
    const adas = await views();
    const id = adas[0]!.id;
    const put = await bob.request('PUT', `${gw.url}${VIEWS}/${id}`, { json: { name: 'Mine now' } });
    expect(put.status).toBe(404);
    expect((put.json as ApiError).error.code).toBe('NOT_FOUND');
    expect((await bob.request('DELETE', `${gw.url}${VIEWS}/${id}`)).status).toBe(404);
    // The same name is free for another operator.
    expect((await create(newView('Clients waiting'), bob)).status).toBe(200);
    expect(await views()).toEqual(adas);
    expect((await bob.get(`${gw.url}${VIEWS}/default?flow=rem_omni`)).json).toEqual({ view: null });
  });

  it('refuses a cross-site write and one without X-Requested-With', async () => {
    const crossSite = await ada.request('POST', `${gw.url}${VIEWS}`, {
      json: newView('Cross'),
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    const noXhr = await ada.request('POST', `${gw.url}${VIEWS}`, {
      json: newView('No XHR'),
      headers: { 'x-requested-with': '' },
    });
    expect(noXhr.status).toBe(403);
    expect((await views()).map((v) => v.name)).not.toContain('Cross');
  });

  it('keeps the views across a gateway restart on the same data folder, migrations not re-applied', async () => {
    const before = await views();
    const migrated = (logs: TestGateway['logs']) =>
      logs.lines.some((l) => l.msg === 'operator store migrated');
    expect(migrated(gw.logs)).toBe(true);
    await gw.close();
    gw = await startGateway(env(), { port });
    // The session store is the same file: the operator is still signed in. No snapshot is read
    // yet after the restart: the counts are null until one is.
    const after = await views();
    expect(after.map((v) => v.count)).toEqual(before.map(() => null));
    const withoutCount = (v: SavedViews['views']) => v.map(({ count: _c, ...rest }) => rest);
    expect(withoutCount(after)).toEqual(withoutCount(before));
    await ready('');
    expect(await views()).toEqual(before);
    expect(migrated(gw.logs)).toBe(false);
  });
});
