import { legacyOps, type LegacySetup } from '@onboarding/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeyOf } from '@/lib/query-keys';

/** POST …/customersetup/completed: every completed setup. */
function getCompleted(signal?: AbortSignal): Promise<LegacySetup[]> {
  return call(legacyOps.completed, { body: {} }, { signal });
}

const completedQuery = () =>
  queryOptions({
    queryKey: queryKeyOf(legacyOps.completed),
    queryFn: ({ signal }) => getCompleted(signal),
  });

export function useCompletedSetups() {
  return useQuery(completedQuery());
}
