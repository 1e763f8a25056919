import { fleetFilterTest, type FleetFilter, type FleetSetup } from '@onboarding/contracts';

/** What a filter reads beyond a setup's rows and forecast, by `setupId:retailerId`. */
export interface FilterFacts {
  /** Evaluation time (epoch ms): a forecast's live-by before it is overdue. */
  readonly now: number;
  /** When each FAILED row failed (epoch ms), from the snapshot's failures. */
  readonly failedAt: ReadonlyMap<string, number>;
}

export const rowKey = (setupId: number, retailerId: number) => `${setupId}:${retailerId}`;

/**
 * The filter as a test of one setup, by the contracts' rules (fleetFilterTest, which the web's
 * failure board and bulk refresh apply too): the row filters must all hold on one of its rows,
 * the setup filters on the setup.
 */
export function setupMatcher(
  filter: FleetFilter,
): (setup: FleetSetup, facts: FilterFacts) => boolean {
  const test = fleetFilterTest(filter);
  return (setup, facts) =>
    test.setup(setup, facts.now) &&
    (!test.rowFiltered ||
      setup.rows.some((row) =>
        test.row(row, facts.failedAt.get(rowKey(setup.setupId, row.retailerId))),
      ));
}
