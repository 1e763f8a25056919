import { legacyOps } from '@onboarding/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeyOf } from '@/lib/query-keys';

/** After a save, both lists and the saved setup are read again. */
export function invalidateLegacySetups(queryClient: QueryClient, setupId?: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeyOf(legacyOps.ongoing) }),
    queryClient.invalidateQueries({ queryKey: queryKeyOf(legacyOps.completed) }),
    setupId === undefined
      ? undefined
      : queryClient.invalidateQueries({ queryKey: queryKeyOf(legacyOps.getSetup, setupId) }),
  ]);
}
