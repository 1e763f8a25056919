/**
 * A fleet for the health screen's tests: 45 setups failed at STI (Amazon 1–20, Walmart 21–45,
 * three pages of the Matching setups panel), two running, one completed crawling, one without
 * a step; measured durations, two weeks of failures and STI's re-triggers. The health answer
 * counts them; fleet.matching names the setups of a bar or cell.
 */
import type { FleetHealth, FleetMatching, FleetSetup, FlowHealth } from '@onboarding/contracts';
import type { GatewayRequest } from '@test/fake-gateway';
import { fleetListFrom } from '@test/fleet';

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
      { stepName: 'crawling', status: 'COMPLETED', setups: 1 },
      { stepName: 'sti', status: 'FAILED', setups: 45 },
      { stepName: 'sti', status: 'IN_PROGRESS', setups: 2 },
      { stepName: null, status: 'NOT_STARTED', setups: 1 },
    ],
    setupsAtStep: [
      { stepName: 'crawling', setups: 1 },
      { stepName: 'sti', setups: 47 },
      { stepName: 'analytics', setups: 0 },
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
      { weekStart: '2026-11-09', stepName: 'sti', failures: 2 },
      { weekStart: '2026-11-16', stepName: 'sti', failures: 44 },
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
      },
      {
        retailerId: 4,
        retailerName: 'Amazon',
        stepName: 'sti',
        status: 'failed',
        count: 20,
      },
      {
        retailerId: 7,
        retailerName: 'Walmart',
        stepName: 'crawling',
        status: 'completed',
        count: 25,
      },
      {
        retailerId: 7,
        retailerName: 'Walmart',
        stepName: 'sti',
        status: 'failed',
        count: 25,
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

/** The setups behind each bar and cell above, as the gateway's snapshot names them. */
const MATCHING: Readonly<Record<string, readonly number[]>> = {
  'bucket crawling COMPLETED': [48],
  'bucket sti FAILED': range(1, 45),
  'bucket sti IN_PROGRESS': [46, 47],
  'bucket - NOT_STARTED': [49],
  'step crawling': [48],
  'step sti': range(1, 47),
  'week sti 2026-11-09': [3, 4],
  'week sti 2026-11-16': [1, 2, ...range(5, 45)],
  'cell sti failed 4': range(1, 20),
  'cell crawling completed 4': range(1, 20),
  'cell sti failed 7': range(21, 45),
  'cell crawling completed 7': range(21, 45),
};

/**
 * fleet.matching answered for the asked bar or cell, its page of setups by id ascending (paged
 * as the fleet list's stand-in pages its matches).
 */
export function fleetMatchingOf(req: GatewayRequest): FleetMatching {
  const { chart, stepName, status, retailerId, weekStart } = req.query;
  const key = [chart, stepName ?? '-', status, weekStart, retailerId].filter(Boolean).join(' ');
  const { metrics: _metrics, flows: _flows, ...snapshotStatus } = healthSnapshot();
  return fleetListFrom((MATCHING[key] ?? []).map(fleetSetup), snapshotStatus)(req);
}
