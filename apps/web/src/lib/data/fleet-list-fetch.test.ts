import { describe, expect, it, jest } from '@jest/globals';
import { viewsOps, type FleetFilter, type FleetList } from '@onboarding/contracts';
import { FakeGateway, type GatewayRequest } from '@test/fake-gateway';
import { fleetListFrom, fleetSetup } from '@test/fleet';
import { screenTestHooks } from '@test/screen-hooks';
import { productFlow, REM_OMNI_FLOW } from '../setup-flow';
import { fetchEveryFleetPage, fetchFleetList } from './fleet-list-fetch';

screenTestHooks();

const setups = (count: number) =>
  Array.from({ length: count }, (_, i) => fleetSetup(count - i, null));

/** A gateway whose snapshot holds `count` matching setups. */
function listGateway(count: number) {
  const gateway = new FakeGateway().on(viewsOps.fleetList, fleetListFrom(setups(count))).install();
  return { gateway, pages: () => gateway.callsTo(viewsOps.fleetList).map((r) => r.query) };
}

/** Reads every page, recording how many setups each page brought and the progress told. */
async function readAll(filter: FleetFilter = { status: ['FAILED'] }) {
  const told: [number, { setups: number; total: number }][] = [];
  await fetchEveryFleetPage(REM_OMNI_FLOW, filter, (page, progress) => {
    told.push([page.setups.length, progress]);
  });
  return told;
}

describe("one page of a flow's setups matching the filters", () => {
  it('asks with the flow, the filters in their address form, and the page', async () => {
    const { pages } = listGateway(3);
    const page = await fetchFleetList(
      REM_OMNI_FLOW,
      { status: ['FAILED', 'IN_PROGRESS'], retailer: [4, 7], marketShare: true, prospect: false },
      { offset: 20, limit: 10 },
    );
    expect(page.total).toBe(3);
    expect(pages()).toEqual([
      {
        flow: 'rem_omni',
        status: 'FAILED,IN_PROGRESS',
        retailer: '4,7',
        ms: '1',
        prospect: '0',
        offset: '20',
        limit: '10',
      },
    ]);
  });

  it("asks a product's setups by its id", async () => {
    const { pages } = listGateway(3);
    await fetchFleetList(productFlow(7), {}, { offset: 0, limit: 20 });
    expect(pages()).toEqual([{ flow: 'meta', productId: '7', offset: '0', limit: '20' }]);
  });

  it('sends a step name with spaces and an ampersand whole', async () => {
    const { pages } = listGateway(3);
    await fetchFleetList(REM_OMNI_FLOW, { step: ['crawl & index'] }, { offset: 0, limit: 20 });
    expect(pages()[0]?.step).toBe('crawl & index');
  });

  it('sends the caller’s abort signal', async () => {
    listGateway(3);
    const leave = new AbortController();
    const fetchCalls = jest.spyOn(globalThis, 'fetch');
    try {
      await fetchFleetList(REM_OMNI_FLOW, {}, { offset: 0, limit: 20 }, leave.signal);
      expect(fetchCalls.mock.calls[0]?.[1]?.signal).toBe(leave.signal);
    } finally {
      fetchCalls.mockRestore();
    }
  });
});

describe('every setup matching the filters (the CSV export)', () => {
  it('reads 100 setups a call, page after page, telling how many of how many', async () => {
    const { pages } = listGateway(250);
    expect(await readAll()).toEqual([
      [100, { setups: 100, total: 250 }],
      [100, { setups: 200, total: 250 }],
      [50, { setups: 250, total: 250 }],
    ]);
    expect(pages().map((q) => [q.offset, q.limit, q.status])).toEqual([
      ['0', '100', 'FAILED'],
      ['100', '100', 'FAILED'],
      ['200', '100', 'FAILED'],
    ]);
  });

  it('stops once the total is read, without asking for an empty page', async () => {
    const { pages } = listGateway(200);
    await readAll();
    expect(pages()).toHaveLength(2);
  });

  it('reads one page when nothing matches', async () => {
    const { pages } = listGateway(0);
    expect(await readAll()).toEqual([[0, { setups: 0, total: 0 }]]);
    expect(pages()).toHaveLength(1);
  });

  it('stops at a short page even when the total says there are more', async () => {
    const short = (req: GatewayRequest): FleetList => ({
      ...fleetListFrom(setups(150))(req),
      total: 400,
    });
    const gateway = new FakeGateway().on(viewsOps.fleetList, short).install();
    expect(await readAll()).toEqual([
      [100, { setups: 100, total: 400 }],
      [50, { setups: 150, total: 400 }],
    ]);
    expect(gateway.callsTo(viewsOps.fleetList)).toHaveLength(2);
  });

  it('tells at least the setups read as the total when the snapshot grew meanwhile', async () => {
    const behind = (req: GatewayRequest): FleetList => ({
      ...fleetListFrom(setups(250))(req),
      total: 120,
    });
    new FakeGateway().on(viewsOps.fleetList, behind).install();
    expect(await readAll()).toEqual([
      [100, { setups: 100, total: 120 }],
      [100, { setups: 200, total: 200 }],
    ]);
  });

  it('gives up after 1,000 pages of a list that never ends', async () => {
    const full = fleetListFrom(setups(100));
    const endless = (req: GatewayRequest): FleetList => ({
      ...full({ ...req, query: { ...req.query, offset: '0' } }),
      total: 1_000_000,
    });
    const gateway = new FakeGateway().on(viewsOps.fleetList, endless).install();
    const told = await readAll();
    expect(gateway.callsTo(viewsOps.fleetList)).toHaveLength(1000);
    expect(told.at(-1)).toEqual([100, { setups: 100_000, total: 1_000_000 }]);
  });
});
