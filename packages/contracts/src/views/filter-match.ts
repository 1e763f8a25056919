import type { FleetFilter } from './filters.js';

/**
 * The fleet filters' rules (FleetFilterSchema says what each filter means), written once: the
 * gateway's filtered list and views' counts (apps/gateway/src/views/fleet-filter.ts) and the web's
 * failure board and bulk refresh (which narrow rows the gateway answered) apply the same tests.
 * Pure and Zod-free.
 */

/** What the row filters read of one retailer's row of a setup. */
export interface FilterRow {
  readonly retailerId: number;
  readonly status: string;
  readonly stepName: string | null;
  readonly ismarketshareEnabled: boolean;
}

/** What the setup filters read of a setup. */
export interface FilterSetup {
  readonly isNewClient: boolean;
  /** Its forecast (SetupForecastSchema): null once every retailer has completed. */
  readonly forecast: { readonly slow: readonly unknown[]; readonly liveBy: string | null } | null;
}

export interface FleetFilterTest {
  /**
   * Whether any row filter (status, step, retailer, marketShare, failedSince) is set: without
   * one, every row of a matching setup is selected.
   */
  readonly rowFiltered: boolean;
  /** Whether slow or overdue is set: the setup test then reads the forecast. */
  readonly readsForecast: boolean;
  /** The setup filters (prospect, slow, overdue), `now` in epoch ms (overdue's time). */
  setup(setup: FilterSetup, now: number): boolean;
  /**
   * The row filters, all on this one row. `failedAt`: when the row failed (epoch ms), undefined
   * when it is not failed or the time is not known (failedSince then does not hold).
   */
  row(row: FilterRow, failedAt: number | undefined): boolean;
}

/** The filter as its two tests: a setup matches when `setup` holds and `row` holds on one row. */
export function fleetFilterTest(filter: FleetFilter): FleetFilterTest {
  const statuses = filter.status && new Set(filter.status.map((s) => s.toUpperCase()));
  const steps = filter.step && new Set(filter.step.map((s) => s.toLowerCase()));
  const retailers = filter.retailer && new Set(filter.retailer);
  const since = filter.failedSince === undefined ? undefined : Date.parse(filter.failedSince);
  const { marketShare, prospect, slow, overdue } = filter;
  return {
    rowFiltered: !!(
      statuses ||
      steps ||
      retailers ||
      marketShare !== undefined ||
      since !== undefined
    ),
    readsForecast: slow !== undefined || overdue !== undefined,
    setup(setup, now) {
      if (prospect !== undefined && setup.isNewClient !== prospect) return false;
      if (slow !== undefined && (setup.forecast?.slow.length ?? 0) > 0 !== slow) return false;
      if (overdue !== undefined) {
        const liveBy = setup.forecast?.liveBy;
        const late = liveBy !== null && liveBy !== undefined && Date.parse(liveBy) < now;
        if (late !== overdue) return false;
      }
      return true;
    },
    row(row, failedAt) {
      if (statuses && !statuses.has(row.status.toUpperCase())) return false;
      if (steps && (row.stepName === null || !steps.has(row.stepName.toLowerCase()))) return false;
      if (retailers && !retailers.has(row.retailerId)) return false;
      if (marketShare !== undefined && row.ismarketshareEnabled !== marketShare) return false;
      if (since !== undefined && !((failedAt ?? -Infinity) >= since)) return false;
      return true;
    },
  };
}
