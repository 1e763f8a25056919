import { metaOps, remOmniOps, type RetailersResponse } from '@onboarding/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { flowKey, REM_OMNI_FLOW, type SetupsFlow } from '../utils/flow';

/** POST rem_omni/getRetailers, or meta/getRetailers?productId=…: retailers in their groups. */
function fetchRetailers(flow: SetupsFlow, signal?: AbortSignal): Promise<RetailersResponse> {
  if (flow.kind === 'product') {
    return call(
      metaOps.getRetailers,
      { query: { productId: String(flow.productId) }, body: {} },
      { signal },
    );
  }
  return call(remOmniOps.getRetailers, { body: {} }, { signal });
}

export const retailersQuery = (flow: SetupsFlow = REM_OMNI_FLOW) =>
  queryOptions({
    queryKey: ['getRetailers', flowKey(flow)],
    queryFn: ({ signal }) => fetchRetailers(flow, signal),
    staleTime: 10 * 60_000,
    select: retailerNames,
  });

/** Retailer names by id, over all groups. */
function retailerNames(response: RetailersResponse): ReadonlyMap<number, string> {
  const names = new Map<number, string>();
  for (const group of response.data) {
    for (const r of group.data) names.set(r.retailerId, r.retailerName);
  }
  return names;
}

/** Retailer names for screens whose rows carry only ids. */
export function useRetailerNames(flow: SetupsFlow = REM_OMNI_FLOW) {
  return useQuery(retailersQuery(flow));
}
