import type { RetailersResponse } from '@onboarding/contracts';
import { useQuery } from '@tanstack/react-query';
import { REM_OMNI_FLOW, type SetupFlow } from '@/lib/setup-flow';
import { retailersQuery } from '@/lib/setup-queries';

/** Retailer names by id, over all groups. */
function retailerNames(response: RetailersResponse): ReadonlyMap<number, string> {
  const names = new Map<number, string>();
  for (const group of response.data) {
    for (const r of group.data) names.set(r.retailerId, r.retailerName);
  }
  return names;
}

/** Retailer names for screens whose rows carry only ids (the form's retailers query, selected). */
export function useRetailerNames(flow: SetupFlow = REM_OMNI_FLOW) {
  return useQuery({ ...retailersQuery(flow), select: retailerNames });
}
