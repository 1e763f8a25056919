import { useQuery } from '@tanstack/react-query';
import type { SetupFlow } from '@/lib/setup-flow';
import { setupDetailsQuery } from '@/lib/setup-queries';

/** The details page's setup (the same query as the edit form's). */
export function useSetupDetails(flow: SetupFlow, setupId: number) {
  return useQuery(setupDetailsQuery(flow, setupId));
}
