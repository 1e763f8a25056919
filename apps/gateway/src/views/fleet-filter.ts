import type { FleetFilter, FleetSetup } from '@onboarding/contracts';

/** What a filter reads beyond a setup's rows and forecast, by `setupId:retailerId`. */
export interface FilterFacts {
  /** Evaluation time (epoch ms): a forecast's live-by before it is overdue. */
  readonly now: number;
  /** When each FAILED row failed (epoch ms), from the snapshot's failures. */
  readonly failedAt: ReadonlyMap<string, number>;
}

export const rowKey = (setupId: number, retailerId: number) => `${setupId}:${retailerId}`;

/**
 * The filter as a test of one setup (FleetFilterSchema says what each filter means): the row
 * filters must all hold on one of its rows, the setup filters on the setup.
 */
export function setupMatcher(
  filter: FleetFilter,
): (setup: FleetSetup, facts: FilterFacts) => boolean {
  const statuses = filter.status && new Set(filter.status.map((s) => s.toUpperCase()));
  const steps = filter.step && new Set(filter.step.map((s) => s.toLowerCase()));
  const retailers = filter.retailer && new Set(filter.retailer);
  const since = filter.failedSince === undefined ? undefined : Date.parse(filter.failedSince);
  const { marketShare, prospect, slow, overdue } = filter;
  const rowFiltered =
    statuses || steps || retailers || marketShare !== undefined || since !== undefined;

  return (setup, facts) => {
    if (prospect !== undefined && setup.isNewClient !== prospect) return false;
    if (slow !== undefined && (setup.forecast?.slow.length ?? 0) > 0 !== slow) return false;
    if (overdue !== undefined) {
      const liveBy = setup.forecast?.liveBy;
      const late = liveBy !== null && liveBy !== undefined && Date.parse(liveBy) < facts.now;
      if (late !== overdue) return false;
    }
    if (!rowFiltered) return true;
    return setup.rows.some((row) => {
      if (statuses && !statuses.has(row.status.toUpperCase())) return false;
      if (steps && (row.stepName === null || !steps.has(row.stepName.toLowerCase()))) return false;
      if (retailers && !retailers.has(row.retailerId)) return false;
      const key = rowKey(setup.setupId, row.retailerId);
      if (marketShare !== undefined && row.ismarketshareEnabled !== marketShare) return false;
      if (since !== undefined && !((facts.failedAt.get(key) ?? -Infinity) >= since)) return false;
      return true;
    });
  };
}
