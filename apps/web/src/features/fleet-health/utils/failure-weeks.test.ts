import { describe, expect, it } from '@jest/globals';
import { weekStepGrid } from './failure-weeks';
import { flowHealth } from '../testing/flow-health';

const week = (weekStart: string, stepName: string, failures: number) => ({
  weekStart,
  stepName,
  failures,
});

describe('weekStepGrid', () => {
  it('has a row per week with failures, oldest first, each week once', () => {
    const grid = weekStepGrid(
      flowHealth({
        failuresByWeek: [
          week('2026-11-16', 'sti', 4),
          week('2026-11-02', 'sti', 1),
          week('2026-11-16', 'analytics', 2),
          week('2026-11-09', 'crawling', 3),
        ],
      }),
    );
    expect(grid.weeks).toEqual(['2026-11-02', '2026-11-09', '2026-11-16']);
  });

  it('has a column per step that failed, in run order, leaving out steps that never failed', () => {
    const grid = weekStepGrid(
      flowHealth({
        failuresByWeek: [week('2026-11-16', 'analytics', 2), week('2026-11-09', 'crawling', 3)],
      }),
    );
    expect(grid.steps).toEqual(['crawling', 'analytics']);
  });

  it('puts steps the flow does not list after its own, in the order they first failed', () => {
    const grid = weekStepGrid(
      flowHealth({
        failuresByWeek: [
          week('2026-11-09', 'legacy_export', 1),
          week('2026-11-09', 'sti', 2),
          week('2026-11-16', 'catalog_sync', 1),
          week('2026-11-16', 'legacy_export', 5),
        ],
      }),
    );
    expect(grid.steps).toEqual(['sti', 'legacy_export', 'catalog_sync']);
  });

  it('counts each week’s failures per step, with 0 where the step did not fail that week', () => {
    const grid = weekStepGrid(
      flowHealth({
        failuresByWeek: [
          week('2026-11-16', 'sti', 4),
          week('2026-11-09', 'crawling', 3),
          week('2026-11-16', 'crawling', 7),
          week('2026-11-09', 'analytics', 2),
        ],
      }),
    );
    expect(grid).toEqual({
      weeks: ['2026-11-09', '2026-11-16'],
      steps: ['crawling', 'sti', 'analytics'],
      failures: [
        [3, 0, 2],
        [7, 4, 0],
      ],
    });
  });

  it('is empty when nothing failed', () => {
    expect(weekStepGrid(flowHealth({}))).toEqual({ weeks: [], steps: [], failures: [] });
  });
});
