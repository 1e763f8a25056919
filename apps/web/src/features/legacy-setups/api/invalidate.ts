import { legacyOps } from '@onboarding/contracts';
import type { QueryClient } from '@tanstack/react-query';

/** After a save, both lists and the saved setup are read again. */
export function invalidateLegacySetups(queryClient: QueryClient, setupId?: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [legacyOps.ongoing.id] }),
    queryClient.invalidateQueries({ queryKey: [legacyOps.completed.id] }),
    setupId === undefined
      ? undefined
      : queryClient.invalidateQueries({ queryKey: [legacyOps.getSetup.id, setupId] }),
  ]);
}
