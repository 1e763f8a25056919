import { fleetOps, type FleetMatching, type OperationQuery } from '@onboarding/contracts';
import { hashKey, useQuery } from '@tanstack/react-query';
import { call } from '../api-client';
import { fleetFlowQuery } from '../fleet-flow';
import { queryKeyOf } from '../query-keys';

/** Which bar or cell of the health screen: fleet.matching's chart and the fields it takes. */
export type ChartSelection = Omit<
  OperationQuery<typeof fleetOps.matching>,
  'flow' | 'productId' | 'offset' | 'limit'
>;

/** Setups a page of the Matching setups panel, as the setups list pages them. */
export const MATCHING_PAGE_SIZE = 20;

/**
 * GET /api/fleet/matching?flow=…&chart=…: a page of the setups behind one bar or cell, from the
 * fleet snapshot (their ids stay in the gateway: the health answer carries only counts).
 */
function fetchFleetMatching(
  productId: number | null,
  selection: ChartSelection,
  page: number,
  signal?: AbortSignal,
): Promise<FleetMatching> {
  const offset = (page - 1) * MATCHING_PAGE_SIZE;
  return call(
    fleetOps.matching,
    {
      query: {
        ...fleetFlowQuery(productId),
        ...selection,
        offset: String(offset),
        limit: String(MATCHING_PAGE_SIZE),
      },
    },
    { signal },
  );
}

/**
 * The page's setups, and how many there are; `snapshotAt`: when the health screen's snapshot was
 * taken, so a newer one asks again. The page before stays shown while the next one loads.
 */
export function useFleetMatching(
  productId: number | null,
  selection: ChartSelection,
  page: number,
  snapshotAt: string | null,
) {
  const bar = queryKeyOf(fleetOps.matching, productId, selection);
  return useQuery({
    queryKey: [...bar, page, snapshotAt],
    queryFn: ({ signal }) => fetchFleetMatching(productId, selection, page, signal),
    // Another page of the same bar (or a newer snapshot of it) keeps the rows shown while it
    // loads; another bar's rows and count would say something untrue meanwhile.
    placeholderData: (previous, previousQuery) =>
      previousQuery && hashKey(previousQuery.queryKey.slice(0, bar.length)) === hashKey(bar)
        ? previous
        : undefined,
  });
}
