import { metaOps, remOmniOps, type RetailersResponse } from '@onboarding/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { SetupFlow } from '../utils/flow';

/** rem_omni getRetailers, or meta getRetailers?productId= in the per-product flow. */
function fetchRetailers(flow: SetupFlow, signal?: AbortSignal): Promise<RetailersResponse> {
  return flow.kind === 'rem_omni'
    ? call(remOmniOps.getRetailers, { body: {} }, { signal })
    : call(
        metaOps.getRetailers,
        { query: { productId: String(flow.productId) }, body: {} },
        { signal },
      );
}

export const retailersQuery = (flow: SetupFlow) =>
  queryOptions({
    queryKey:
      flow.kind === 'rem_omni'
        ? [remOmniOps.getRetailers.id]
        : [metaOps.getRetailers.id, flow.productId],
    queryFn: ({ signal }) => fetchRetailers(flow, signal),
    staleTime: 5 * 60_000,
  });
