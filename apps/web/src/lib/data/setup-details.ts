import type { SetupDetailsResponse } from '@onboarding/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../api-client';
import type { SetupFlow } from '../setup-flow';

/** POST rem_omni|meta/setupDetails: client details, brands, retailers and schedule of a setup. */
function fetchSetupDetails(
  flow: SetupFlow,
  setupId: number,
  signal?: AbortSignal,
): Promise<SetupDetailsResponse> {
  return call(flow.ops.setupDetails, { body: { setupId } }, { signal });
}

export const setupDetailsQuery = (flow: SetupFlow, setupId: number) =>
  queryOptions({
    queryKey: flow.key('setupDetails', setupId),
    queryFn: ({ signal }) => fetchSetupDetails(flow, setupId, signal),
  });

/** The details page's setup (the same query as the edit form's). */
export function useSetupDetails(flow: SetupFlow, setupId: number) {
  return useQuery(setupDetailsQuery(flow, setupId));
}
