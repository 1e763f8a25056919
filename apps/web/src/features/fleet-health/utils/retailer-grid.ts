import type { FlowHealth } from '@onboarding/contracts';
import { byStatusOrder } from './status-words';

export interface RetailerRow {
  retailerId: number;
  retailerName: string;
  /** Per step (the grid's order): each status with its setups, in status order. */
  cells: { status: string; count: number }[][];
}

/** The retailer × step table: a row per retailer (by name), a column per step (run order). */
export function retailerGrid(metrics: FlowHealth): { steps: string[]; rows: RetailerRow[] } {
  const cells = metrics.retailerSteps;
  const extra = [...new Set(cells.map((c) => c.stepName))].filter(
    (s) => !metrics.steps.includes(s),
  );
  const steps = [...metrics.steps, ...extra];
  const names = new Map(cells.map((c) => [c.retailerId, c.retailerName]));
  const rows = [...names]
    .sort(([a, x], [b, y]) => x.localeCompare(y) || a - b)
    .map(([retailerId, retailerName]) => ({
      retailerId,
      retailerName,
      cells: steps.map((step) =>
        cells
          .filter((c) => c.retailerId === retailerId && c.stepName === step)
          .sort((a, b) => byStatusOrder(a.status, b.status))
          .map((c) => ({ status: c.status, count: c.count })),
      ),
    }));
  return { steps, rows };
}
