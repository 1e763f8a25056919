import {
  FLEET_SETUPS_MAX,
  fleetOps,
  type FleetSetup,
  type FleetSetups,
} from '@onboarding/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../api-client';
import { fleetFlowQuery } from '../fleet-flow';
import { queryKeyOf } from '../query-keys';

/**
 * GET /api/fleet/setups?flow=…&setupIds=…: setups by id from the fleet snapshot (each retailer's
 * row and the forecast), in the order asked; at most FLEET_SETUPS_MAX ids a call.
 */
export function fetchFleetSetups(
  productId: number | null,
  setupIds: readonly number[],
  signal?: AbortSignal,
): Promise<FleetSetups> {
  return call(
    fleetOps.setups,
    { query: { ...fleetFlowQuery(productId), setupIds: setupIds.join(',') } },
    { signal },
  );
}

/**
 * `snapshotAt`: when the snapshot the ids came from was taken; a newer snapshot asks again.
 */
export const fleetSetupsQuery = (
  productId: number | null,
  setupIds: readonly number[],
  snapshotAt: string | null,
) =>
  queryOptions({
    queryKey: queryKeyOf(fleetOps.setups, productId, setupIds.join(','), snapshotAt),
    queryFn: ({ signal }) => fetchFleetSetups(productId, setupIds, signal),
  });

/**
 * Any number of setups by id, FLEET_SETUPS_MAX a call, one call after another (the failure
 * board's forecasts for its slow and overdue filters); those the snapshot does not hold are left
 * out. `snapshotAt` as above.
 */
export const everyFleetSetupQuery = (
  productId: number | null,
  setupIds: readonly number[],
  snapshotAt: string | null,
) =>
  queryOptions({
    queryKey: queryKeyOf(fleetOps.setups, productId, 'every', setupIds.join(','), snapshotAt),
    queryFn: async ({ signal }) => {
      const setups: FleetSetup[] = [];
      for (let i = 0; i < setupIds.length; i += FLEET_SETUPS_MAX) {
        const ids = setupIds.slice(i, i + FLEET_SETUPS_MAX);
        setups.push(...(await fetchFleetSetups(productId, ids, signal)).setups);
      }
      return setups;
    },
  });
