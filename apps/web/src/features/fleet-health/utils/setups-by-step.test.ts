import { describe, expect, it } from '@jest/globals';
import { stepStatusGrid } from './setups-by-step';
import { flowHealth } from '../testing/flow-health';

const bucket = (stepName: string | null, status: string, setups: number) => ({
  stepName,
  status,
  setups,
});

describe('stepStatusGrid', () => {
  it('has a row per step of the flow in run order, even a step no setup is at', () => {
    const grid = stepStatusGrid(flowHealth({ setupsByStep: [bucket('sti', 'FAILED', 2)] }));
    expect(grid.steps).toEqual(['crawling', 'sti', 'analytics']);
  });

  it('adds steps the flow does not list after its own, each once, in the order found', () => {
    const grid = stepStatusGrid(
      flowHealth({
        setupsByStep: [
          bucket('legacy_export', 'FAILED', 1),
          bucket('sti', 'FAILED', 2),
          bucket('catalog_sync', 'COMPLETED', 1),
          bucket('legacy_export', 'COMPLETED', 3),
        ],
      }),
    );
    expect(grid.steps).toEqual(['crawling', 'sti', 'analytics', 'legacy_export', 'catalog_sync']);
  });

  it('adds one row for setups without a step, last', () => {
    const grid = stepStatusGrid(
      flowHealth({
        setupsByStep: [
          bucket(null, 'NOT_STARTED', 1),
          bucket('legacy_export', 'FAILED', 1),
          bucket(null, 'FAILED', 2),
        ],
      }),
    );
    expect(grid.steps).toEqual(['crawling', 'sti', 'analytics', 'legacy_export', null]);
  });

  it('has no row without a step when every setup has one', () => {
    const grid = stepStatusGrid(flowHealth({ setupsByStep: [bucket('sti', 'FAILED', 2)] }));
    expect(grid.steps).not.toContain(null);
  });

  it('has a column per status found, each once, from not started to done', () => {
    const grid = stepStatusGrid(
      flowHealth({
        setupsByStep: [
          bucket('sti', 'FAILED', 2),
          bucket('crawling', 'COMPLETED', 1),
          bucket('analytics', 'PAUSED', 1),
          bucket('crawling', 'FAILED', 1),
          bucket(null, 'NOT_STARTED', 1),
          bucket('sti', 'IN_PROGRESS', 1),
        ],
      }),
    );
    expect(grid.statuses).toEqual(['NOT_STARTED', 'IN_PROGRESS', 'COMPLETED', 'FAILED', 'PAUSED']);
  });

  it('counts the setups of each step and status, with 0 where there are none', () => {
    const grid = stepStatusGrid(
      flowHealth({
        steps: ['crawling', 'sti'],
        setupsByStep: [
          bucket('sti', 'FAILED', 45),
          bucket('crawling', 'COMPLETED', 3),
          bucket('sti', 'COMPLETED', 2),
          bucket(null, 'NOT_STARTED', 1),
        ],
      }),
    );
    expect(grid).toEqual({
      steps: ['crawling', 'sti', null],
      statuses: ['NOT_STARTED', 'COMPLETED', 'FAILED'],
      counts: [
        [0, 3, 0],
        [0, 2, 45],
        [1, 0, 0],
      ],
    });
  });

  it('has the flow’s steps and no column when no setup is counted', () => {
    expect(stepStatusGrid(flowHealth({ steps: ['sti'] }))).toEqual({
      steps: ['sti'],
      statuses: [],
      counts: [[]],
    });
  });
});
