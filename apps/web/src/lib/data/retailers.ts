/** The flow's retailers in their groups, for the list, the details, the board and the form. */
import type { RetailersResponse } from '@onboarding/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../api-client';
import type { SetupFlow } from '../setup-flow';

/** POST rem_omni/getRetailers, or meta/getRetailers?productId=…: retailers in their groups. */
function fetchRetailers(flow: SetupFlow, signal?: AbortSignal): Promise<RetailersResponse> {
  return call(flow.ops.getRetailers, flow.request.getRetailers(), { signal });
}

export const retailersQuery = (flow: SetupFlow) =>
  queryOptions({
    queryKey: flow.key('getRetailers'),
    queryFn: ({ signal }) => fetchRetailers(flow, signal),
    // The retailer list rarely changes: kept fresh across the list, details and form.
    staleTime: 10 * 60_000,
  });

/** Retailer names by id, over all groups. */
function retailerNames(response: RetailersResponse): ReadonlyMap<number, string> {
  const names = new Map<number, string>();
  for (const group of response.data) {
    for (const r of group.data) names.set(r.retailerId, r.retailerName);
  }
  return names;
}

/** Retailer names for screens whose rows carry only ids (the form's retailers query, selected). */
export function useRetailerNames(flow: SetupFlow) {
  return useQuery({ ...retailersQuery(flow), select: retailerNames });
}
