import { metaOps, remOmniOps, type SetupRow } from '@onboarding/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeyOf } from '@/lib/query-keys';
import { flowQueryKey, type SetupFlow } from '@/lib/setup-flow';
import { fetchSetupPage } from '@/lib/setup-queries';
import { allSetupBody, type ListParams } from '../utils/list-params';

export const ALL_SETUP = { remOmni: remOmniOps.allSetup, meta: metaOps.allSetup };

/** Every cached page of the list, in both flows (for updates after an action). */
export const ALL_SETUP_KEYS = [queryKeyOf(ALL_SETUP.remOmni), queryKeyOf(ALL_SETUP.meta)];

export const allSetupQuery = (params: ListParams, flow: SetupFlow) =>
  queryOptions({
    queryKey: flowQueryKey(flow, ALL_SETUP, allSetupBody(params)),
    queryFn: ({ signal }) => fetchSetupPage(flow, allSetupBody(params), signal),
    // Fresh for a few seconds: the page the route loader fetched is not fetched again on mount.
    staleTime: 5_000,
  });

/** The list page's rows; `refetchInterval` keeps a running workflow fresh. */
export function useAllSetup(
  params: ListParams,
  flow: SetupFlow,
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
