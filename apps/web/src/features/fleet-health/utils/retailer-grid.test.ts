import { describe, expect, it } from '@jest/globals';
import { retailerGrid } from './retailer-grid';
import { flowHealth } from '../testing/flow-health';

const cell = (
  retailerId: number,
  retailerName: string,
  stepName: string,
  status: string,
  count: number,
) => ({
  retailerId,
  retailerName,
  stepName,
  status,
  count,
});

describe('retailerGrid', () => {
  it('has a column per flow step in run order, then each step the flow does not list, once', () => {
    const grid = retailerGrid(
      flowHealth({
        retailerSteps: [
          cell(4, 'Amazon', 'legacy_export', 'failed', 1),
          cell(4, 'Amazon', 'sti', 'failed', 2),
          cell(31, 'Walmart', 'catalog_sync', 'completed', 1),
          cell(31, 'Walmart', 'legacy_export', 'completed', 1),
        ],
      }),
    );
    expect(grid.steps).toEqual(['crawling', 'sti', 'analytics', 'legacy_export', 'catalog_sync']);
  });

  it('has a row per retailer, by name as people read it, then by id when names are alike', () => {
    const grid = retailerGrid(
      flowHealth({
        retailerSteps: [
          cell(31, 'Walmart', 'sti', 'failed', 1),
          cell(9, 'Tesco', 'sti', 'failed', 1),
          cell(4, 'amazon', 'sti', 'failed', 1),
          cell(3, 'Tesco', 'sti', 'failed', 1),
          cell(31, 'Walmart', 'crawling', 'completed', 1),
          cell(12, 'Boots', 'sti', 'failed', 1),
        ],
      }),
    );
    expect(grid.rows.map((r) => [r.retailerId, r.retailerName])).toEqual([
      [4, 'amazon'],
      [12, 'Boots'],
      [3, 'Tesco'],
      [9, 'Tesco'],
      [31, 'Walmart'],
    ]);
  });

  it('gives each cell its statuses in status order with their counts, and none where empty', () => {
    const grid = retailerGrid(
      flowHealth({
        steps: ['crawling', 'sti'],
        retailerSteps: [
          cell(4, 'Amazon', 'sti', 'failed', 20),
          cell(31, 'Walmart', 'sti', 'failed', 25),
          cell(4, 'Amazon', 'sti', 'completed', 3),
          cell(4, 'Amazon', 'sti', 'in_progress', 2),
          cell(4, 'Amazon', 'crawling', 'completed', 25),
        ],
      }),
    );
    expect(grid).toEqual({
      steps: ['crawling', 'sti'],
      rows: [
        {
          retailerId: 4,
          retailerName: 'Amazon',
          cells: [
            [{ status: 'completed', count: 25 }],
            [
              { status: 'in_progress', count: 2 },
              { status: 'completed', count: 3 },
              { status: 'failed', count: 20 },
            ],
          ],
        },
        {
          retailerId: 31,
          retailerName: 'Walmart',
          cells: [[], [{ status: 'failed', count: 25 }]],
        },
      ],
    });
  });

  it('has the flow’s steps and no row when no retailer has a step', () => {
    expect(retailerGrid(flowHealth({ steps: ['sti'] }))).toEqual({ steps: ['sti'], rows: [] });
  });
});
