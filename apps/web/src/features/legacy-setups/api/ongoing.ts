import { legacyOps, type LegacySetup } from '@onboarding/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeyOf } from '@/lib/query-keys';
import { ongoingBody } from '../utils/display';

/** POST …/customersetup/ongoing: one page of ongoing setups (totalRecords on the first row). */
function getOngoing(
  searchText: string,
  page: number,
  signal?: AbortSignal,
): Promise<LegacySetup[]> {
  return call(legacyOps.ongoing, { body: ongoingBody(searchText, page) }, { signal });
}

const ongoingQuery = (searchText: string, page: number) =>
  queryOptions({
    queryKey: queryKeyOf(legacyOps.ongoing, { searchText, page }),
    queryFn: ({ signal }) => getOngoing(searchText, page, signal),
    placeholderData: keepPreviousData,
  });

/** `enabled` false: nothing is asked (the first page is read only to find the last one). */
export function useOngoingSetups(searchText: string, page: number, enabled = true) {
  return useQuery({ ...ongoingQuery(searchText, page), enabled });
}
