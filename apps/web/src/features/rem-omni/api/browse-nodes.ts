import { metaOps, remOmniOps, type BrowseNodesResponse } from '@onboarding/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { flowKey, type SetupsFlow } from '../utils/flow';

/** POST rem_omni|meta/browseNodes?setupId=…: a setup's nodes and their parent/child mapping. */
function fetchBrowseNodes(
  flow: SetupsFlow,
  setupId: number,
  signal?: AbortSignal,
): Promise<BrowseNodesResponse> {
  const op = flow.kind === 'product' ? metaOps.browseNodes : remOmniOps.browseNodes;
  return call(op, { query: { setupId: String(setupId) }, body: {} }, { signal });
}

const browseNodesQuery = (flow: SetupsFlow, setupId: number) =>
  queryOptions({
    queryKey: ['browseNodes', flowKey(flow), setupId],
    queryFn: ({ signal }) => fetchBrowseNodes(flow, setupId, signal),
  });

export function useBrowseNodes(flow: SetupsFlow, setupId: number, enabled = true) {
  return useQuery({ ...browseNodesQuery(flow, setupId), enabled });
}
