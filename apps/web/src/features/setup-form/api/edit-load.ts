import { metaOps, remOmniOps } from '@onboarding/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { SetupFlow } from '../utils/flow';

/** setupDetails of the setup being edited. */
export const setupDetailsQuery = (flow: SetupFlow, setupId: number) =>
  queryOptions({
    queryKey: [
      flow.kind === 'rem_omni' ? remOmniOps.setupDetails.id : metaOps.setupDetails.id,
      setupId,
    ],
    queryFn: ({ signal }) =>
      call(
        flow.kind === 'rem_omni' ? remOmniOps.setupDetails : metaOps.setupDetails,
        { body: { setupId } },
        { signal },
      ),
  });

/** browseNodes?setupId= of the setup being edited. */
export const setupBrowseNodesQuery = (flow: SetupFlow, setupId: number) =>
  queryOptions({
    queryKey: [
      flow.kind === 'rem_omni' ? remOmniOps.browseNodes.id : metaOps.browseNodes.id,
      setupId,
    ],
    queryFn: ({ signal }) =>
      call(
        flow.kind === 'rem_omni' ? remOmniOps.browseNodes : metaOps.browseNodes,
        { query: { setupId: String(setupId) }, body: {} },
        { signal },
      ),
  });
