import { metaOps, remOmniOps, type SetupDetailsResponse } from '@onboarding/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { flowKey, type SetupsFlow } from '../utils/flow';

/** POST rem_omni|meta/setupDetails: client details, brands, retailers and schedule of a setup. */
function fetchSetupDetails(
  flow: SetupsFlow,
  setupId: number,
  signal?: AbortSignal,
): Promise<SetupDetailsResponse> {
  const op = flow.kind === 'product' ? metaOps.setupDetails : remOmniOps.setupDetails;
  return call(op, { body: { setupId } }, { signal });
}

const setupDetailsQuery = (flow: SetupsFlow, setupId: number) =>
  queryOptions({
    queryKey: ['setupDetails', flowKey(flow), setupId],
    queryFn: ({ signal }) => fetchSetupDetails(flow, setupId, signal),
  });

export function useSetupDetails(flow: SetupsFlow, setupId: number) {
  return useQuery(setupDetailsQuery(flow, setupId));
}
