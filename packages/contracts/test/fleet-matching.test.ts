import { describe, expect, it } from '@jest/globals';
import { FleetMatchingQuerySchema, FlowHealthSchema } from '../src/index.js';
import { fixtures } from '../src/testing/index.js';

const flow = { flow: 'rem_omni' } as const;

/** The paths and messages of what the query refuses, or [] when it passes. */
function refused(query: Record<string, string>): string[] {
  const r = FleetMatchingQuerySchema.safeParse({ ...flow, ...query });
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('fleet.matching, the setups behind a bar or cell', () => {
  it.each([
    ['a bucket with its step and status', { chart: 'bucket', stepName: 'sti', status: 'FAILED' }],
    ['a bucket of the rows with no step', { chart: 'bucket', status: 'NOT_STARTED' }],
    ['a step', { chart: 'step', stepName: 'sti' }],
    ['a cell', { chart: 'cell', retailerId: '4', stepName: 'sti', status: 'failed' }],
    ['a week', { chart: 'week', weekStart: '2026-11-16', stepName: 'sti' }],
  ])('names %s', (_what, query) => {
    expect(refused(query)).toEqual([]);
  });

  it.each([
    [{ chart: 'bucket', stepName: 'sti' }, ['status: Required for chart bucket']],
    [{ chart: 'step' }, ['stepName: Required for chart step']],
    [
      { chart: 'cell', stepName: 'sti' },
      ['status: Required for chart cell', 'retailerId: Required for chart cell'],
    ],
    [{ chart: 'week', stepName: 'sti' }, ['weekStart: Required for chart week']],
  ])('refuses %j, naming each field its chart needs', (query, issues) => {
    expect(refused(query)).toEqual(issues);
  });

  it.each([
    [{ chart: 'step', stepName: 'sti', status: 'FAILED' }, ['status: Not part of chart step']],
    [
      { chart: 'bucket', status: 'FAILED', retailerId: '4', weekStart: '2026-11-16' },
      ['retailerId: Not part of chart bucket', 'weekStart: Not part of chart bucket'],
    ],
    [
      { chart: 'week', stepName: 'sti', weekStart: '2026-11-16', status: 'failed' },
      ['status: Not part of chart week'],
    ],
  ])('refuses %j, naming each field its chart has none of', (query, issues) => {
    expect(refused(query)).toEqual(issues);
  });

  it('pages 20 setups from the first by default, at most 100', () => {
    const query = FleetMatchingQuerySchema.parse({ ...flow, chart: 'step', stepName: 'sti' });
    expect(query).toMatchObject({ offset: 0, limit: 20 });
    expect(refused({ chart: 'step', stepName: 'sti', limit: '100' })).toEqual([]);
    expect(refused({ chart: 'step', stepName: 'sti', limit: '101' })).toHaveLength(1);
  });

  it('refuses a step with a control character and a week not written as a date', () => {
    expect(refused({ chart: 'step', stepName: 'st\u0000i' })).toHaveLength(1);
    expect(refused({ chart: 'week', stepName: 'sti', weekStart: '16/11/2026' })).toEqual([
      'weekStart: Must be a date as YYYY-MM-DD',
    ]);
  });
});

describe('the health answer', () => {
  it('carries each bar’s and cell’s count, never its setup ids', () => {
    const parsed = FlowHealthSchema.parse({
      ...fixtures.fleetSnapshot().metrics,
      setupsAtStep: [{ stepName: 'sti', setups: 1 }],
    });
    for (const bar of [...parsed.setupsByStep, ...parsed.retailerSteps, ...parsed.failuresByWeek]) {
      expect(bar).not.toHaveProperty('setupIds');
    }
    expect(parsed.setupsByStep).toEqual([{ stepName: 'sti', status: 'IN_PROGRESS', setups: 1 }]);
  });
});
