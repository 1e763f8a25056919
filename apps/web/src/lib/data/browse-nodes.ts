import type { BrowseNodesResponse } from '@onboarding/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../api-client';
import type { SetupFlow } from '../setup-flow';

/** POST rem_omni|meta/browseNodes?setupId=…: a setup's nodes and their parent/child mapping. */
function fetchBrowseNodes(
  flow: SetupFlow,
  setupId: number,
  signal?: AbortSignal,
): Promise<BrowseNodesResponse> {
  return call(flow.ops.browseNodes, { query: { setupId: String(setupId) }, body: {} }, { signal });
}

export const browseNodesQuery = (flow: SetupFlow, setupId: number) =>
  queryOptions({
    queryKey: flow.key('browseNodes', setupId),
    queryFn: ({ signal }) => fetchBrowseNodes(flow, setupId, signal),
  });

/** A setup's browse nodes (the same query as the edit form's); off while rows carry them. */
export function useBrowseNodes(flow: SetupFlow, setupId: number, enabled = true) {
  return useQuery({ ...browseNodesQuery(flow, setupId), enabled });
}
