// The walk itself (stopping, progress, rows seen twice) is tested in walk-pages.test.ts; here,
// that it reads the flow's own list through the list's call.
import { describe, expect, it, jest } from '@jest/globals';
import { metaOps, remOmniOps, type SetupRow } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { FakeGateway, type GatewayRequest } from '@test/fake-gateway';
import { screenTestHooks } from '@test/screen-hooks';
import { productFlow, REM_OMNI_FLOW } from '../setup-flow';
import type { WalkProgress } from '../walk-pages';
import { fetchEveryPage } from './every-page';

screenTestHooks();

/** A list of 150 setups matching the search, one retailer each, paged as the upstream does. */
function page(req: GatewayRequest): SetupRow[] {
  const { offset, limit } = req.body as { offset: number; limit: number };
  const count = Math.max(0, Math.min(limit, 150 - offset));
  return Array.from({ length: count }, (_, i) =>
    fixtures.setupRow({ setupId: offset + i + 1, totalRecords: 150 }),
  );
}

describe("every page of a flow's setups list", () => {
  it('reads the Category Leaderboard’s list for the search, 100 setups a call', async () => {
    const gateway = new FakeGateway().on(remOmniOps.allSetup, page).install();
    const rows = await fetchEveryPage(REM_OMNI_FLOW, 'acme');
    expect(rows).toHaveLength(150);
    expect(gateway.bodiesOf(remOmniOps.allSetup)).toEqual([
      { searchText: 'acme', limit: 100, offset: 0 },
      { searchText: 'acme', limit: 100, offset: 100 },
    ]);
  });

  it("reads a product's list with its productId", async () => {
    const gateway = new FakeGateway().on(metaOps.allSetup, page).install();
    await fetchEveryPage(productFlow(7), '');
    expect(gateway.bodiesOf(metaOps.allSetup)).toEqual([
      { searchText: '', limit: 100, offset: 0, productId: 7 },
      { searchText: '', limit: 100, offset: 100, productId: 7 },
    ]);
  });

  it('hands each page to the caller as it arrives, with how many of how many', async () => {
    new FakeGateway().on(remOmniOps.allSetup, page).install();
    const onPage = jest.fn<(rows: SetupRow[], progress: WalkProgress) => void>();
    await fetchEveryPage(REM_OMNI_FLOW, '', onPage);
    expect(onPage.mock.calls.map(([rows, progress]) => [rows.length, progress])).toEqual([
      [100, { setups: 100, total: 150 }],
      [50, { setups: 150, total: 150 }],
    ]);
  });

  it('sends every call with the caller’s abort signal, so leaving stops the reading', async () => {
    new FakeGateway().on(remOmniOps.allSetup, page).install();
    const leave = new AbortController();
    const fetchCalls = jest.spyOn(globalThis, 'fetch');
    try {
      await fetchEveryPage(REM_OMNI_FLOW, '', undefined, leave.signal);
      expect(fetchCalls.mock.calls.map(([, init]) => init?.signal)).toEqual([
        leave.signal,
        leave.signal,
      ]);
    } finally {
      fetchCalls.mockRestore();
    }
  });
});
