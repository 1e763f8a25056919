import { fleetFilterTest, type FleetFilter, type SetupRow } from '@onboarding/contracts';
import { rowKey } from './bulk-plan';

/** The reason a row a filtered list shows is left out of a bulk action. */
const NOT_SELECTED = 'Not selected by the filters';

/**
 * A bulk action's skip reason on a filtered list: the action's own (`base`), then the filters'
 * row rules (contracts' fleetFilterTest, as the gateway's list): a matching setup shows every
 * retailer's row, and only the rows it matched by are sent. `failedAt` (epoch ms by rowKey) is
 * when each FAILED row failed; without it failed since selects no row.
 */
export function filteredSkipReason(
  filter: FleetFilter,
  base: (row: SetupRow) => string | null,
  failedAt: ReadonlyMap<string, number> = new Map(),
): (row: SetupRow) => string | null {
  const test = fleetFilterTest(filter);
  return (row) =>
    base(row) ??
    (!test.rowFiltered || test.row(row, failedAt.get(rowKey(row))) ? null : NOT_SELECTED);
}
