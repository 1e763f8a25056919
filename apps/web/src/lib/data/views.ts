/**
 * Saved views (issue 33): the operator's own, kept by the gateway (/api/views*). Imported only by
 * the setups list's views row, which loads after the list (its chunk carries the views area's
 * schemas, kept out of the list's first load).
 */
import { viewsOps, type FleetFilter, type SavedView, type SavedViews } from '@onboarding/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { call } from '../api-client';
import { queryKeyOf } from '../query-keys';
import type { SetupFlow } from '../setup-flow';

/** Every flow's views list: a write (a pin unpins another view) reloads them all. */
const allViewsKey = queryKeyOf(viewsOps.list);

/** GET /api/views?flow=…: one flow's views, each with its live count from the fleet snapshot. */
function fetchViews(flow: SetupFlow, signal?: AbortSignal): Promise<SavedViews> {
  return call(viewsOps.list, { query: flow.fleet }, { signal });
}

/**
 * The counts follow the gateway's fleet snapshot, refreshed every FLEET_REFRESH_SECONDS (60 by
 * default): asked again each minute while the list is shown.
 */
const COUNT_POLL_MS = 60_000;

const viewsQuery = (flow: SetupFlow) =>
  queryOptions({
    queryKey: [...allViewsKey, flow.fleet],
    queryFn: ({ signal }) => fetchViews(flow, signal),
    staleTime: 5_000,
    refetchInterval: COUNT_POLL_MS,
  });

/** The flow's saved views, oldest first. */
export function useViews(flow: SetupFlow) {
  return useQuery(viewsQuery(flow));
}

/** Reloads every flow's views (and their counts) after a write. */
export function invalidateViews(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: allViewsKey });
}

/** POST /api/views: saves the flow's current filters under a name. */
export function createView(
  flow: SetupFlow,
  view: { name: string; filters: FleetFilter; pinned: boolean },
): Promise<SavedView> {
  return call(viewsOps.create, {
    body: {
      ...view,
      flow: flow.fleet.flow,
      productId: flow.productId,
    },
  });
}

/** PUT /api/views/:id: a new name, or pinned as the flow's default (unpinning its other view). */
export function updateView(
  id: string,
  change: { name?: string; pinned?: boolean },
): Promise<SavedView> {
  return call(viewsOps.update, { params: { id }, body: change });
}

/** DELETE /api/views/:id. */
export function removeView(id: string): Promise<{ id: string }> {
  return call(viewsOps.remove, { params: { id } });
}
