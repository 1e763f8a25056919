import { remOmniOps, type RetailersResponse } from '@onboarding/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** POST rem_omni/getRetailers: every retailer, in its project-source group. */
function fetchRetailers(signal?: AbortSignal): Promise<RetailersResponse> {
  return call(remOmniOps.getRetailers, { body: {} }, { signal });
}

export const retailersQuery = () =>
  queryOptions({
    queryKey: [remOmniOps.getRetailers.id],
    queryFn: ({ signal }) => fetchRetailers(signal),
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
export function useRetailerNames() {
  return useQuery(retailersQuery());
}
