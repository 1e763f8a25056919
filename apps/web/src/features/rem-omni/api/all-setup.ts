import { metaOps, remOmniOps, type SetupRow } from '@onboarding/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { flowKey, type SetupsFlow } from '../utils/flow';
import { allSetupBody, type ListParams } from '../utils/list-params';

/** POST rem_omni/allSetup or meta/allSetup (with productId): one page of setup rows. */
function fetchAllSetup(
  flow: SetupsFlow,
  params: ListParams,
  signal?: AbortSignal,
): Promise<SetupRow[]> {
  if (flow.kind === 'product') {
    return call(
      metaOps.allSetup,
      { body: { ...allSetupBody(params), productId: flow.productId } },
      { signal },
    );
  }
  return call(remOmniOps.allSetup, { body: allSetupBody(params) }, { signal });
}

/** Every cached page of the list, in both flows (for updates after an action). */
export const ALL_SETUP_KEY = ['allSetup'] as const;

export const allSetupQuery = (params: ListParams, flow: SetupsFlow) =>
  queryOptions({
    queryKey: [...ALL_SETUP_KEY, flowKey(flow), allSetupBody(params)] as const,
    queryFn: ({ signal }) => fetchAllSetup(flow, params, signal),
    // Fresh for a few seconds: the page the route loader fetched is not fetched again on mount.
    staleTime: 5_000,
  });

/** The list page's rows; `refetchInterval` keeps a running workflow fresh. */
export function useAllSetup(
  params: ListParams,
  flow: SetupsFlow,
  refetchInterval: number | false | ((rows: SetupRow[] | undefined) => number | false) = false,
) {
  return useQuery({
    ...allSetupQuery(params, flow),
    placeholderData: keepPreviousData,
    refetchInterval:
      typeof refetchInterval === 'function'
        ? (query) => refetchInterval(query.state.data)
        : refetchInterval,
  });
}
