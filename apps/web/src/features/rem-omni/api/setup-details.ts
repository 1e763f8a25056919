import { remOmniOps, type SetupDetailsResponse } from '@onboarding/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** POST rem_omni/setupDetails: client details, brands, retailers and schedule of a setup. */
function fetchSetupDetails(setupId: number, signal?: AbortSignal): Promise<SetupDetailsResponse> {
  return call(remOmniOps.setupDetails, { body: { setupId } }, { signal });
}

const setupDetailsQuery = (setupId: number) =>
  queryOptions({
    queryKey: [remOmniOps.setupDetails.id, setupId],
    queryFn: ({ signal }) => fetchSetupDetails(setupId, signal),
  });

export function useSetupDetails(setupId: number) {
  return useQuery(setupDetailsQuery(setupId));
}
