import { describe, expect, it } from '@jest/globals';
import type { FleetFilter, FleetSetup } from '@onboarding/contracts';
import { type FilterFacts, rowKey, setupMatcher } from './fleet-filter.js';

const NOW = Date.parse('2026-11-25T12:00:00Z');

const setup = (over: Partial<FleetSetup> = {}): FleetSetup => ({
  setupId: 7,
  clientName: 'acme',
  clientId: 70,
  isNewClient: false,
  rows: [
    {
      retailerId: 4,
      retailerName: 'Walmart',
      status: 'FAILED',
      stepName: 'sti',
      ismarketshareEnabled: true,
    },
    {
      retailerId: 9,
      retailerName: 'Target',
      status: 'IN_PROGRESS',
      stepName: 'crawling',
      ismarketshareEnabled: false,
    },
  ],
  forecast: {
    setupId: 7,
    clientName: 'acme',
    state: 'failed',
    liveBy: null,
    failedStep: 'sti',
    slow: [],
    unmeasured: [],
  },
  ...over,
});

const facts: FilterFacts = {
  now: NOW,
  failedAt: new Map([[rowKey(7, 4), Date.parse('2026-11-24T08:00:00Z')]]),
};

const matches = (filter: FleetFilter, s = setup(), f = facts) => setupMatcher(filter)(s, f);

describe('a fleet filter on one setup', () => {
  it('matches everything when empty', () => {
    expect(matches({})).toBe(true);
  });

  it('asks the row filters of one and the same row: failed at sti on Walmart, not on Target', () => {
    expect(matches({ status: ['FAILED'], step: ['sti'], retailer: [4] })).toBe(true);
    expect(matches({ status: ['FAILED'], retailer: [9] })).toBe(false);
    expect(matches({ status: ['failed', 'COMPLETED'], step: ['STI'] })).toBe(true);
    expect(matches({ step: ['crawling'], retailer: [4] })).toBe(false);
  });

  it('tells ML rows from CL rows, on the row the other filters pick', () => {
    expect(matches({ marketShare: true, retailer: [4] })).toBe(true);
    expect(matches({ marketShare: false, retailer: [4] })).toBe(false);
    expect(matches({ marketShare: false })).toBe(true);
    expect(matches({ marketShare: true, retailer: [9] })).toBe(false);
  });

  it('tells prospects from clients', () => {
    expect(matches({ prospect: false })).toBe(true);
    expect(matches({ prospect: true })).toBe(false);
    expect(matches({ prospect: true }, setup({ isNewClient: true }))).toBe(true);
  });

  it('finds failures at or after a time, on the failed row', () => {
    expect(matches({ failedSince: '2026-11-24T08:00:00Z' })).toBe(true);
    expect(matches({ failedSince: '2026-11-24T08:00:01Z' })).toBe(false);
    expect(matches({ failedSince: '2026-11-01T00:00:00Z', retailer: [9] })).toBe(false);
  });

  it('finds slow setups (a step past its p90) and the others', () => {
    const slow = setup({
      forecast: {
        ...setup().forecast!,
        slow: [{ retailerId: 9, stepName: 'crawling', elapsedMs: 9e6, p90Ms: 1e6 }],
      },
    });
    expect(matches({ slow: true }, slow)).toBe(true);
    expect(matches({ slow: false }, slow)).toBe(false);
    expect(matches({ slow: true })).toBe(false);
    expect(matches({ slow: false }, setup({ forecast: null }))).toBe(true);
  });

  it('finds setups past their forecast live-by time, not those due later or without one', () => {
    const due = (liveBy: string | null) =>
      setup({ forecast: { ...setup().forecast!, state: 'running', liveBy } });
    expect(matches({ overdue: true }, due('2026-11-25T11:59:59Z'))).toBe(true);
    expect(matches({ overdue: true }, due('2026-11-25T12:00:01Z'))).toBe(false);
    expect(matches({ overdue: true }, due(null))).toBe(false);
    expect(matches({ overdue: false }, due('2026-11-26T00:00:00Z'))).toBe(true);
  });
});
