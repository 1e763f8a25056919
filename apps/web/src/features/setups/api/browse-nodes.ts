import { useQuery } from '@tanstack/react-query';
import type { SetupFlow } from '@/lib/setup-flow';
import { browseNodesQuery } from '@/lib/setup-queries';

/** A setup's browse nodes (the same query as the edit form's); off while rows carry them. */
export function useBrowseNodes(flow: SetupFlow, setupId: number, enabled = true) {
  return useQuery({ ...browseNodesQuery(flow, setupId), enabled });
}
