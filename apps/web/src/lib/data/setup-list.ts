/**
 * The setups list of a flow, read a page at a time (the list, the palette's client search) or
 * all pages at once (every-page.ts: the failure board, the name candidates, the CSV export).
 * Each shape has a key of its own under `setupListKeys(flow).all`, so whatever changes the list
 * reloads them all, and a cache update meets only the shape it expects.
 */
import type { SetupRow } from '@onboarding/contracts';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { call } from '../api-client';
import type { SetupFlow } from '../setup-flow';
import type { SetupPageBody } from '../setup-flow-requests';

export type { SetupPageBody } from '../setup-flow-requests';

/** The cache keys of a flow's setups list, one per data shape. */
export function setupListKeys(flow: SetupFlow) {
  return {
    /** Every answer read from the list: reloaded together after a change. */
    all: flow.key('setupList'),
    /** Pages of rows (`SetupRow[]`), one per body. */
    pages: flow.key('setupList', 'pages'),
    page: (body: SetupPageBody) => flow.key('setupList', 'pages', body),
    /** The failure board's answer (lib/data/fleet-failures.ts). */
    failureBoard: flow.key('setupList', 'failureBoard'),
    /** The prospects a new name is compared with (features/setup-form/api/name-candidates.ts). */
    prospects: flow.key('setupList', 'prospects'),
  };
}

/** POST rem_omni/allSetup or meta/allSetup (with productId): one page of setup rows. */
export function fetchSetupPage(
  flow: SetupFlow,
  body: SetupPageBody,
  signal?: AbortSignal,
): Promise<SetupRow[]> {
  return call(flow.ops.allSetup, flow.request.allSetup(body), { signal });
}

export const setupPageQuery = (flow: SetupFlow, body: SetupPageBody) =>
  queryOptions({
    queryKey: setupListKeys(flow).page(body),
    queryFn: ({ signal }) => fetchSetupPage(flow, body, signal),
    // Fresh for a few seconds: the page the route loader fetched is not fetched again on mount.
    staleTime: 5_000,
  });

/**
 * A list page's rows; `refetchInterval` keeps a running workflow fresh. `enabled` false: none
 * asked (the list reads the fleet snapshot while filtered, lib/data/fleet-list.ts).
 */
export function useSetupPage(
  flow: SetupFlow,
  body: SetupPageBody,
  refetchInterval: number | false | ((rows: SetupRow[] | undefined) => number | false) = false,
  enabled = true,
) {
  return useQuery({
    ...setupPageQuery(flow, body),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval:
      typeof refetchInterval === 'function'
        ? (query) => refetchInterval(query.state.data)
        : refetchInterval,
  });
}

/** Changes rows in every cached page of the flow's list (pages only, no other shape). */
export function updateCachedRows(
  queryClient: QueryClient,
  flow: SetupFlow,
  update: (row: SetupRow) => SetupRow,
): void {
  queryClient.setQueriesData<SetupRow[]>({ queryKey: setupListKeys(flow).pages }, (rows) =>
    rows?.map(update),
  );
}

/** Reloads everything read from the flow's list: pages, failure board, name candidates. */
export function invalidateSetupList(queryClient: QueryClient, flow: SetupFlow): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: setupListKeys(flow).all });
}
