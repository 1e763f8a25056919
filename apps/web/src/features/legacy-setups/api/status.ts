import { legacyOps, type StatusOption } from '@onboarding/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeyOf } from '@/lib/query-keys';

/** POST …/customersetup/status: the status options (one id is completed). */
function getStatusOptions(signal?: AbortSignal): Promise<StatusOption[]> {
  return call(legacyOps.status, { body: {} }, { signal });
}

const statusOptionsQuery = () =>
  queryOptions({
    queryKey: queryKeyOf(legacyOps.status),
    queryFn: ({ signal }) => getStatusOptions(signal),
    staleTime: 10 * 60_000,
  });

export function useStatusOptions() {
  return useQuery(statusOptionsQuery());
}
