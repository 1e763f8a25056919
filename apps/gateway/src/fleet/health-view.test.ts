import { describe, expect, it } from '@jest/globals';
import type { FlowMetrics } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { healthView, matchingIds } from './health-view.js';

const cell = (retailerId: number, stepName: string, status: string, setupIds: number[]) => ({
  retailerId,
  retailerName: retailerId === 4 ? 'Amazon' : 'Walmart',
  stepName,
  status,
  count: setupIds.length,
  setupIds,
});

const metrics: FlowMetrics = {
  ...fixtures.fleetSnapshot().metrics!,
  steps: ['crawling', 'sti', 'analytics'],
  setupsByStep: [
    { stepName: 'crawling', status: 'FAILED', setups: 1, setupIds: [7] },
    { stepName: 'sti', status: 'COMPLETED', setups: 2, setupIds: [30, 8] },
    { stepName: 'sti', status: 'FAILED', setups: 4, setupIds: [10, 9, 100, 9] },
    { stepName: null, status: 'FAILED', setups: 1, setupIds: [55] },
    { stepName: 'sti', status: 'IN_PROGRESS', setups: 2, setupIds: [8, 2] },
  ],
  failuresByWeek: [
    { weekStart: '2026-11-16', stepName: 'crawling', failures: 1, setupIds: [61] },
    { weekStart: '2026-11-09', stepName: 'sti', failures: 1, setupIds: [62] },
    { weekStart: '2026-11-16', stepName: 'sti', failures: 3, setupIds: [20, 3, 11] },
  ],
  retailerSteps: [
    cell(4, 'crawling', 'failed', [71]),
    cell(31, 'sti', 'failed', [72]),
    cell(4, 'sti', 'completed', [73]),
    cell(4, 'sti', 'failed', [12, 5, 12, 40]),
  ],
};

describe('matchingIds, the setups behind a bar or cell', () => {
  it('gives a bar’s setups by id ascending, each once', () => {
    expect(matchingIds(metrics, { chart: 'bucket', stepName: 'sti', status: 'FAILED' })).toEqual([
      9, 10, 100,
    ]);
  });

  it('gives the bar of setups without a step only those without one', () => {
    expect(matchingIds(metrics, { chart: 'bucket', status: 'FAILED' })).toEqual([55]);
  });

  it('gives no setups for a bar the snapshot does not have', () => {
    expect(
      matchingIds(metrics, { chart: 'bucket', stepName: 'analytics', status: 'FAILED' }),
    ).toEqual([]);
    expect(matchingIds(metrics, { chart: 'bucket', stepName: 'sti', status: 'PAUSED' })).toEqual(
      [],
    );
  });

  it('gives every setup at a step, whatever its status, by id ascending, each once', () => {
    expect(matchingIds(metrics, { chart: 'step', stepName: 'sti' })).toEqual([
      2, 8, 9, 10, 30, 100,
    ]);
    expect(matchingIds(metrics, { chart: 'step', stepName: 'analytics' })).toEqual([]);
  });

  it('gives a cell’s setups only for its retailer, step and status together', () => {
    const of = (retailerId: number, stepName: string, status: string) =>
      matchingIds(metrics, { chart: 'cell', retailerId, stepName, status });
    expect(of(4, 'sti', 'failed')).toEqual([5, 12, 40]);
    expect(of(4, 'sti', 'completed')).toEqual([73]);
    expect(of(31, 'sti', 'failed')).toEqual([72]);
    expect(of(31, 'crawling', 'failed')).toEqual([]);
    expect(of(4, 'analytics', 'failed')).toEqual([]);
  });

  it('gives a week’s setups only for its week and step together', () => {
    const of = (weekStart: string, stepName: string) =>
      matchingIds(metrics, { chart: 'week', weekStart, stepName });
    expect(of('2026-11-16', 'sti')).toEqual([3, 11, 20]);
    expect(of('2026-11-09', 'sti')).toEqual([62]);
    expect(of('2026-11-16', 'crawling')).toEqual([61]);
    expect(of('2026-11-09', 'crawling')).toEqual([]);
  });
});

describe('healthView, what the health screen draws', () => {
  it('keeps every count and drops every setup id, forecast and failure', () => {
    const view = healthView(metrics);
    expect(JSON.stringify(view)).not.toMatch(/setupIds|forecasts|"failures":\[/);
    expect(view.setupsByStep).toEqual(
      metrics.setupsByStep.map(({ stepName, status, setups }) => ({ stepName, status, setups })),
    );
    expect(view.retailerSteps.map((c) => c.count)).toEqual([1, 1, 1, 4]);
    expect(view.failuresByWeek.map((w) => w.failures)).toEqual([1, 1, 3]);
    expect(view.durations).toBe(metrics.durations);
  });

  it('counts the setups at each step once, whatever their rows’ statuses, every step in order', () => {
    expect(healthView(metrics).setupsAtStep).toEqual([
      { stepName: 'crawling', setups: 1 },
      { stepName: 'sti', setups: 6 },
      { stepName: 'analytics', setups: 0 },
    ]);
  });

  it('is made once per snapshot’s metrics, not per request', () => {
    expect(healthView(metrics)).toBe(healthView(metrics));
    expect(healthView({ ...metrics })).not.toBe(healthView(metrics));
  });
});
