import { legacyOps, type LegacySetup } from '@onboarding/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeyOf } from '@/lib/query-keys';

/** POST …/customersetup/getSetup: one setup. */
function getSetup(setupId: number, signal?: AbortSignal): Promise<LegacySetup> {
  return call(legacyOps.getSetup, { body: { setupId } }, { signal });
}

const setupQuery = (setupId: number) =>
  queryOptions({
    queryKey: queryKeyOf(legacyOps.getSetup, setupId),
    queryFn: ({ signal }) => getSetup(setupId, signal),
    // The form starts from what the server has now, not a cached copy.
    staleTime: 0,
    gcTime: 0,
  });

export function useSetup(setupId: number) {
  return useQuery(setupQuery(setupId));
}
