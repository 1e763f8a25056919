import { fleetOps, type FleetSnapshot } from '@onboarding/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../api-client';
import { fleetFlowQuery } from '../fleet-flow';
import { queryKeyOf } from '../query-keys';

/** How often a shown snapshot is asked again (the gateway refreshes it every minute by default). */
const FLEET_POLL_MS = 30_000;
/** While the first snapshot is being read: its progress moves every second or so. */
const FLEET_BUILDING_POLL_MS = 3_000;

/** GET /api/fleet/snapshot?flow=…: one flow's health, with the snapshot's age and progress. */
function fetchFleetSnapshot(
  productId: number | null,
  signal?: AbortSignal,
): Promise<FleetSnapshot> {
  return call(fleetOps.snapshot, { query: fleetFlowQuery(productId) }, { signal });
}

const fleetSnapshotKey = (productId: number | null) => queryKeyOf(fleetOps.snapshot, productId);

const fleetSnapshotQuery = (productId: number | null) =>
  queryOptions({
    queryKey: fleetSnapshotKey(productId),
    queryFn: ({ signal }) => fetchFleetSnapshot(productId, signal),
    // Asked again on a timer only while the tab is visible (react-query's default): a tab in
    // the background costs the gateway nothing.
    refetchInterval: (query) =>
      query.state.data?.state === 'building' ? FLEET_BUILDING_POLL_MS : FLEET_POLL_MS,
  });

/** One flow's fleet snapshot (productId null: the Category Leaderboard), polled while shown. */
export function useFleetSnapshot(productId: number | null) {
  return useQuery(fleetSnapshotQuery(productId));
}
