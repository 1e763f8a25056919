import { remOmniOps, type BrowseNodesResponse } from '@onboarding/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** POST rem_omni/browseNodes?setupId=…: a setup's nodes and their parent/child mapping. */
function fetchBrowseNodes(setupId: number, signal?: AbortSignal): Promise<BrowseNodesResponse> {
  return call(
    remOmniOps.browseNodes,
    { query: { setupId: String(setupId) }, body: {} },
    { signal },
  );
}

const browseNodesQuery = (setupId: number) =>
  queryOptions({
    queryKey: [remOmniOps.browseNodes.id, setupId],
    queryFn: ({ signal }) => fetchBrowseNodes(setupId, signal),
  });

export function useBrowseNodes(setupId: number) {
  return useQuery(browseNodesQuery(setupId));
}
