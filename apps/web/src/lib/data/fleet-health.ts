import { fleetOps, type FleetHealth } from '@onboarding/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../api-client';
import { fleetFlowQuery } from '../fleet-flow';
import { queryKeyOf } from '../query-keys';

/** How often a shown snapshot is asked again (the gateway refreshes it every minute by default). */
const FLEET_POLL_MS = 30_000;
/** While the first snapshot is being read: its progress moves every second or so. */
const FLEET_BUILDING_POLL_MS = 3_000;

/**
 * GET /api/fleet/health?flow=…: one flow's health, with the snapshot's age and progress. Not
 * fleet.snapshot: that also carries every forecast and failure, about half its bytes, which the
 * health screen does not draw.
 */
function fetchFleetHealth(productId: number | null, signal?: AbortSignal): Promise<FleetHealth> {
  return call(fleetOps.health, { query: fleetFlowQuery(productId) }, { signal });
}

const fleetHealthQuery = (productId: number | null) =>
  queryOptions({
    queryKey: queryKeyOf(fleetOps.health, productId),
    queryFn: ({ signal }) => fetchFleetHealth(productId, signal),
    // Asked again on a timer only while the tab is visible (react-query's default): a tab in
    // the background costs the gateway nothing.
    refetchInterval: (query) =>
      query.state.data?.state === 'building' ? FLEET_BUILDING_POLL_MS : FLEET_POLL_MS,
  });

/** One flow's health from the fleet snapshot (productId null: Category Leaderboard), polled. */
export function useFleetHealth(productId: number | null) {
  return useQuery(fleetHealthQuery(productId));
}
