import { remOmniOps, type SetupRow } from '@onboarding/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { allSetupBody, type ListParams } from '../utils/list-params';

/** POST rem_omni/allSetup: one page of setup rows (one per setup and retailer). */
function fetchAllSetup(params: ListParams, signal?: AbortSignal): Promise<SetupRow[]> {
  return call(remOmniOps.allSetup, { body: allSetupBody(params) }, { signal });
}

export const allSetupQuery = (params: ListParams) =>
  queryOptions({
    queryKey: [remOmniOps.allSetup.id, allSetupBody(params)] as const,
    queryFn: ({ signal }) => fetchAllSetup(params, signal),
    // Fresh for a few seconds: the page the route loader fetched is not fetched again on mount.
    staleTime: 5_000,
  });

/** The list page's rows; `refetchInterval` keeps a running workflow fresh. */
export function useAllSetup(
  params: ListParams,
  refetchInterval: number | false | ((rows: SetupRow[] | undefined) => number | false) = false,
) {
  return useQuery({
    ...allSetupQuery(params),
    placeholderData: keepPreviousData,
    refetchInterval:
      typeof refetchInterval === 'function'
        ? (query) => refetchInterval(query.state.data)
        : refetchInterval,
  });
}
