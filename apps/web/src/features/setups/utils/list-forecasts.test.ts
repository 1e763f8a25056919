import { describe, expect, it } from '@jest/globals';
import { fleetOps } from '@onboarding/contracts';
import { FakeGateway } from '@test/fake-gateway';
import { fleetSetup, fleetSetupsFrom, forecast } from '@test/fleet';
import { screenTestHooks } from '@test/screen-hooks';
import { createQueryClient } from '@/lib/query-client';
import { productFlow, REM_OMNI_FLOW } from '@/lib/setup-flow';
import { readListForecasts } from './list-forecasts';

screenTestHooks();

// Built from local clock fields, so the operator's time zone shows 14:30 wherever the test runs.
const LIVE_BY = new Date(2026, 10, 26, 14, 30).toISOString();

/** The fleet snapshot: 11 due at LIVE_BY, 12 failed at STI, 13 completed; 14 not read yet. */
const SNAPSHOT = [
  fleetSetup(11, forecast(11, { liveBy: LIVE_BY })),
  fleetSetup(12, forecast(12, { state: 'failed', failedStep: 'sti' })),
  fleetSetup(13, null),
];

describe("the forecasts of a list page's setups", () => {
  it("reads the page's setups in one call and gives each its lines, in page order", async () => {
    const gateway = new FakeGateway().on(fleetOps.setups, fleetSetupsFrom(SNAPSHOT)).install();
    const lines = await readListForecasts(createQueryClient(), REM_OMNI_FLOW, [13, 11, 14, 12]);

    expect(gateway.callsTo(fleetOps.setups).map((r) => r.query)).toEqual([
      { flow: 'rem_omni', setupIds: '13,11,14,12' },
    ]);
    expect([...lines]).toEqual([
      [13, []],
      [11, [{ text: 'Forecast live by 26 Nov 2026, 14:30', kind: 'forecast' }]],
      [14, [{ text: 'Forecast: being worked out', kind: 'pending' }]],
      [12, [{ text: 'Forecast: unknown — STI failed', kind: 'forecast' }]],
    ]);
  });

  it("asks a product's setups of its own flow", async () => {
    const gateway = new FakeGateway().on(fleetOps.setups, fleetSetupsFrom(SNAPSHOT)).install();
    const lines = await readListForecasts(createQueryClient(), productFlow(7), [11]);

    expect(gateway.callsTo(fleetOps.setups).map((r) => r.query)).toEqual([
      { flow: 'meta', productId: '7', setupIds: '11' },
    ]);
    expect(lines.get(11)?.map((l) => l.text)).toEqual(['Forecast live by 26 Nov 2026, 14:30']);
  });

  it('gives no lines while the fleet has no snapshot', async () => {
    new FakeGateway()
      .on(fleetOps.setups, fleetSetupsFrom(SNAPSHOT, { state: 'unavailable' }))
      .install();
    const lines = await readListForecasts(createQueryClient(), REM_OMNI_FLOW, [11, 14]);
    expect([...lines]).toEqual([
      [11, []],
      [14, []],
    ]);
  });
});
