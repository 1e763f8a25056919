/**
 * A fleet for the health screen's tests: 45 setups failed at STI (Amazon 1–20, Walmart 21–45,
 * three pages of the Matching setups panel), two running, one completed crawling, one without
 * a step; measured durations, two weeks of failures and STI's re-triggers.
 */
import type { FleetHealth, FleetSetup, FleetSetups, FlowHealth } from '@onboarding/contracts';
import type { GatewayRequest } from '@test/fake-gateway';

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

const TAKEN_AT = '2026-11-20T10:00:00.000Z';
const MIN = 60_000;

function healthMetrics(overrides: Partial<FlowHealth> = {}): FlowHealth {
  return {
    steps: ['crawling', 'sti', 'analytics'],
    setups: 49,
    rows: 50,
    pipelineRuns: 60,
    setupsByStep: [
      { stepName: 'crawling', status: 'COMPLETED', setups: 1, setupIds: [48] },
      { stepName: 'sti', status: 'FAILED', setups: 45, setupIds: range(1, 45) },
      { stepName: 'sti', status: 'IN_PROGRESS', setups: 2, setupIds: [46, 47] },
      { stepName: null, status: 'NOT_STARTED', setups: 1, setupIds: [49] },
    ],
    durations: [
      {
        stepName: 'crawling',
        n: 3,
        p50Ms: 4 * MIN + 10_000,
        p90Ms: 125 * MIN,
        runs: 3,
        failures: 0,
        expectedMs: null,
      },
      {
        stepName: 'sti',
        n: 1,
        p50Ms: 45_000,
        p90Ms: 45_000,
        runs: 50,
        failures: 46,
        expectedMs: null,
      },
      {
        stepName: 'analytics',
        n: 0,
        p50Ms: null,
        p90Ms: null,
        runs: 0,
        failures: 0,
        expectedMs: null,
      },
    ],
    durationsByRetailer: [],
    waits: [],
    failuresByWeek: [
      { weekStart: '2026-11-09', stepName: 'sti', failures: 2, setupIds: [3, 4] },
      { weekStart: '2026-11-16', stepName: 'sti', failures: 44, setupIds: [1, 2, ...range(5, 45)] },
    ],
    reTriggers: [
      { stepName: 'sti', reTriggers: 5, succeeded: 3, failed: 1, pending: 1, successRate: 0.75 },
    ],
    retailerSteps: [
      {
        retailerId: 4,
        retailerName: 'Amazon',
        stepName: 'crawling',
        status: 'completed',
        count: 20,
        setupIds: range(1, 20),
      },
      {
        retailerId: 4,
        retailerName: 'Amazon',
        stepName: 'sti',
        status: 'failed',
        count: 20,
        setupIds: range(1, 20),
      },
      {
        retailerId: 7,
        retailerName: 'Walmart',
        stepName: 'crawling',
        status: 'completed',
        count: 25,
        setupIds: range(21, 45),
      },
      {
        retailerId: 7,
        retailerName: 'Walmart',
        stepName: 'sti',
        status: 'failed',
        count: 25,
        setupIds: range(21, 45),
      },
    ],
    ...overrides,
  };
}

export function healthSnapshot(overrides: Partial<FleetHealth> = {}): FleetHealth {
  return {
    state: 'ready',
    takenAt: TAKEN_AT,
    ageSeconds: 40,
    refreshing: false,
    progress: { read: 49, total: 49 },
    error: null,
    flows: [
      { flow: 'rem_omni', productId: null, name: 'Category Leaderboard', setups: 49 },
      { flow: 'meta', productId: 3, name: 'Catalog Checker', setups: 49 },
    ],
    metrics: healthMetrics(),
    ...overrides,
  };
}

/** Setup `id` as the snapshot holds it: `client <id>`, failed at STI on Amazon. */
function fleetSetup(setupId: number): FleetSetup {
  return {
    setupId,
    clientName: `client ${setupId}`,
    clientId: 5000 + setupId,
    isNewClient: false,
    rows: [
      {
        retailerId: 4,
        retailerName: 'Amazon',
        status: 'FAILED',
        stepName: 'sti',
        ismarketshareEnabled: false,
      },
    ],
    forecast: {
      setupId,
      clientName: `client ${setupId}`,
      state: 'failed',
      liveBy: null,
      failedStep: 'sti',
      slow: [],
      unmeasured: [],
    },
  };
}

/** fleet.setups answered for the asked ids (those up to 49; the rest missing), in their order. */
export function fleetSetupsOf(req: GatewayRequest): FleetSetups {
  const asked = req.query.setupIds!.split(',').map(Number);
  const { metrics: _metrics, flows: _flows, ...status } = healthSnapshot();
  return {
    ...status,
    setups: asked.filter((id) => id <= 49).map(fleetSetup),
    missing: asked.filter((id) => id > 49),
  };
}

/** The ids a fleet.setups call asked for. */
export const askedIds = (req: GatewayRequest) => req.query.setupIds!.split(',').map(Number);
