import { fleetOps, type FleetFailures } from '@onboarding/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../api-client';
import type { SetupFlow } from '../setup-flow';
import { setupListKeys } from './setup-list';

/** GET /api/fleet/failures?flow=…: every FAILED row of a flow, from the gateway's snapshot. */
function fetchFleetFailures(flow: SetupFlow, signal?: AbortSignal): Promise<FleetFailures> {
  return call(fleetOps.failures, { query: flow.fleet }, { signal });
}

/** While the first snapshot is read, its progress moves every second or so. */
const BUILDING_POLL_MS = 3_000;
/**
 * Otherwise asked again this often while shown: the gateway refreshes its snapshot every
 * FLEET_REFRESH_SECONDS (60 by default), so a failure shows within a refresh and a poll.
 */
const POLL_MS = 15_000;

/**
 * The failure board's read, under the list's key (setupListKeys): whatever reloads the list
 * (a re-trigger, a refresh) reloads the board.
 */
export const fleetFailuresQuery = (flow: SetupFlow) =>
  queryOptions({
    queryKey: setupListKeys(flow).failureBoard,
    queryFn: ({ signal }) => fetchFleetFailures(flow, signal),
    staleTime: 5_000,
    refetchInterval: (query) =>
      query.state.data?.state === 'building' ? BUILDING_POLL_MS : POLL_MS,
  });
