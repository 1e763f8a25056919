import { describe, expect, it } from '@jest/globals';
import {
  fleetOps,
  metaOps,
  productRegisterOps,
  remOmniOps,
  type WorkflowEntry,
} from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { fleetSetup, fleetSetupsFrom, forecast } from '@test/fleet';
import { renderApp } from '@test/render-app';
import { screenTestHooks } from '@test/screen-hooks';
import { setupRows } from '@test/setups';
import { signedInGateway } from '@test/signed-in';
import { formatDateTime } from '@/lib/format-date';

screenTestHooks();

const LIVE_BY = '2026-11-21T15:30:00.000Z';
const HOUR = 3_600_000;

/** Setups 1–5: 1 running, 2 running slow at STI, 3 failed at STI, 4 made after the snapshot, 5 completed. */
const PAGE = setupRows(
  [1, 2, 3, 4, 5].map((setupId) => ({
    setupId,
    clientName: `client ${setupId}`,
    retailers: [
      setupId === 5
        ? { retailerId: 4, status: 'COMPLETED', stepName: 'sov_wf' }
        : setupId === 3
          ? { retailerId: 4, status: 'FAILED', stepName: 'sti' }
          : { retailerId: 4, status: 'IN_PROGRESS', stepName: 'sti' },
    ],
  })),
);

const SNAPSHOT = [
  fleetSetup(1, forecast(1, { liveBy: LIVE_BY })),
  fleetSetup(
    2,
    forecast(2, {
      liveBy: LIVE_BY,
      slow: [
        { retailerId: 4, stepName: 'sti', elapsedMs: 2 * HOUR, p90Ms: HOUR },
        { retailerId: 7, stepName: 'sti', elapsedMs: 3 * HOUR + 600_000, p90Ms: HOUR },
      ],
    }),
  ),
  fleetSetup(3, forecast(3, { state: 'failed', failedStep: 'sti' })),
  fleetSetup(6, forecast(6, { unmeasured: ['analytics'] })),
];

const forecastOf = (name: string) =>
  within(screen.getByRole('row', { name: new RegExp(`${name}\\b`) })).queryByRole('group', {
    name: 'Forecast',
  });

describe('Forecasts in the setups list', () => {
  it("shows each running setup's forecast, its slow step and a failed step, asking once for the page's running setups after its rows", async () => {
    const gateway = signedInGateway()
      .on(remOmniOps.allSetup, PAGE)
      .on(fleetOps.setups, fleetSetupsFrom(SNAPSHOT));
    const release = gateway.hold(fleetOps.setups);
    renderApp('/rem_omni/see_all', gateway);
    // The rows show while the forecasts are still on their way.
    await screen.findByRole('row', { name: /client 1\b/ });
    expect(screen.queryByRole('group', { name: 'Forecast' })).toBeNull();
    release();

    await waitFor(() =>
      expect(forecastOf('client 1')).toHaveTextContent(
        `Forecast live by ${formatDateTime(LIVE_BY)}`,
      ),
    );
    expect(forecastOf('client 2')).toHaveTextContent(
      'Slow: STI (running 3 h 10 min, usually under 1 h)',
    );
    expect(within(forecastOf('client 2')!).getAllByText(/^Slow: /)).toHaveLength(1);
    expect(forecastOf('client 3')).toHaveTextContent(/^Forecast: unknown — STI failed$/);
    expect(forecastOf('client 4')).toHaveTextContent(/^Forecast: being worked out$/);
    expect(forecastOf('client 5')).toBeNull();
    // One call, for the setups that have not completed.
    expect(gateway.callsTo(fleetOps.setups).map((r) => r.query)).toEqual([
      { flow: 'rem_omni', setupIds: '1,2,3,4' },
    ]);
  });

  it('says a forecast is being worked out while the first snapshot is read', async () => {
    const gateway = signedInGateway()
      .on(remOmniOps.allSetup, PAGE)
      .on(fleetOps.setups, fleetSetupsFrom([], { state: 'building', takenAt: null }));
    renderApp('/rem_omni/see_all', gateway);
    await waitFor(() =>
      expect(forecastOf('client 3')).toHaveTextContent('Forecast: being worked out'),
    );
    expect(screen.queryByText(/Forecast live by/)).toBeNull();
    expect(forecastOf('client 5')).toBeNull();
  });
});

const step = (stepName: string, status: string, extra: Partial<WorkflowEntry> = {}) =>
  fixtures.workflowEntry({ stepName, status, retailerId: 4, ...extra });

function details(current: WorkflowEntry[], snapshot = SNAPSHOT) {
  return signedInGateway()
    .on(remOmniOps.setupDetails, fixtures.setupDetails())
    .on(remOmniOps.worflowData, { currentWorkflow: current, historyWorkflow: [] })
    .on(fleetOps.setups, fleetSetupsFrom(snapshot));
}

const workflowSection = () => screen.getByRole('region', { name: 'Workflow Status' });

async function openDetails(setupId: number, gateway: ReturnType<typeof details>) {
  renderApp(`/rem_omni/details/${setupId}`, gateway);
  await screen.findByRole('region', { name: 'Workflow Status' });
}

describe('The forecast on the setup details', () => {
  it('shows when a running setup should go live, and its slow step', async () => {
    const gateway = details([step('sti', 'in_progress')]);
    await openDetails(2, gateway);
    const group = await within(workflowSection()).findByRole('group', { name: 'Forecast' });
    expect(group).toHaveTextContent(`Forecast live by ${formatDateTime(LIVE_BY)}`);
    expect(group).toHaveTextContent('Slow: STI (running 3 h 10 min, usually under 1 h)');
    expect(gateway.callsTo(fleetOps.setups).map((r) => r.query)).toEqual([
      { flow: 'rem_omni', setupIds: '2' },
    ]);
  });

  it('says a failed step leaves the forecast unknown, naming it', async () => {
    await openDetails(3, details([step('sti', 'failed')]));
    expect(
      await within(workflowSection()).findByText('Forecast: unknown — STI failed'),
    ).toBeInTheDocument();
  });

  it('says a step ahead has never been timed', async () => {
    await openDetails(6, details([step('sti', 'in_progress')]));
    expect(
      await within(workflowSection()).findByText('Forecast: unknown — Analytics not timed yet'),
    ).toBeInTheDocument();
  });

  it('says the forecast is being worked out for a setup made after the snapshot', async () => {
    await openDetails(4, details([step('crawling', 'started')]));
    expect(
      await within(workflowSection()).findByText('Forecast: being worked out'),
    ).toBeInTheDocument();
  });

  it('shows no forecast once every step has completed, even before the snapshot has seen it', async () => {
    // Setup 1 still runs in the snapshot, read before its last step completed.
    const gateway = details([step('sov_wf', 'completed')]);
    await openDetails(1, gateway);
    await within(workflowSection()).findByRole('region', { name: 'Workflow Status timeline' });
    await waitFor(() => expect(gateway.callsTo(fleetOps.setups)).toHaveLength(1));
    await act(async () => {});
    expect(screen.queryByRole('group', { name: 'Forecast' })).toBeNull();
  });
});

function productDetails(snapshot: ReturnType<typeof fleetSetup>[]) {
  const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  return signedInGateway()
    .on(metaOps.setupDetails, fixtures.setupDetails())
    .on(metaOps.workflowData, {
      currentWorkflow: [step('crawl', 'started', { updatedat: ago(120) })],
      historyWorkflow: [],
    })
    .on(metaOps.browseNodes, fixtures.browseNodesResponse())
    .on(metaOps.getRetailers, {
      data: [fixtures.retailerGroup({ data: [{ retailerId: 4, retailerName: 'Amazon' }] })],
    })
    .on(productRegisterOps.productDetails, {
      productDetails: fixtures.product({ productId: 3 }),
    })
    .on(productRegisterOps.stepList, {
      steps: [
        fixtures.step({ productId: 3, stepName: 'crawl', stepOrder: 1, expectedExecutionTime: 30 }),
      ],
    })
    .on(fleetOps.setups, fleetSetupsFrom(snapshot));
}

describe('The forecast on a per-product setup', () => {
  it("gives the page's one date, the expected-times panel keeping its overdue step", async () => {
    const gateway = productDetails([fleetSetup(31, forecast(31, { liveBy: LIVE_BY }))]);
    renderApp('/product/3/details/31', gateway);
    const panel = await screen.findByRole('group', { name: 'Expected live' });
    await within(workflowSection()).findByText(`Forecast live by ${formatDateTime(LIVE_BY)}`);
    expect(within(panel).getByText(/is overdue by 1 h 30 min/)).toBeInTheDocument();
    expect(within(workflowSection()).queryByText(/Expected live by/)).toBeNull();
    expect(gateway.callsTo(fleetOps.setups).map((r) => r.query)).toEqual([
      { flow: 'meta', productId: '3', setupIds: '31' },
    ]);
  });

  it("gives the product's expected-times date while the snapshot has not read the setup", async () => {
    const gateway = productDetails([]);
    renderApp('/product/3/details/31', gateway);
    const panel = await screen.findByRole('group', { name: 'Expected live' });
    await waitFor(() => expect(gateway.callsTo(fleetOps.setups)).toHaveLength(1));
    await act(async () => {});
    expect(within(panel).getByText(/^Expected live by /)).toBeInTheDocument();
    expect(within(workflowSection()).queryByText(/^Forecast/)).toBeNull();
  });
});
