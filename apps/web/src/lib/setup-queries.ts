/**
 * The reads of both setups features (the list and details, and the form): one query each, so
 * an answer is cached once whichever screen asked first.
 */
import {
  metaOps,
  remOmniOps,
  type BrowseNodesResponse,
  type RetailersResponse,
  type SetupDetailsResponse,
  type SetupRow,
} from '@onboarding/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from './api-client';
import { flowOp, flowQueryKey, type SetupFlow } from './setup-flow';

const RETAILERS = { remOmni: remOmniOps.getRetailers, meta: metaOps.getRetailers };
const SETUP_DETAILS = { remOmni: remOmniOps.setupDetails, meta: metaOps.setupDetails };
const BROWSE_NODES = { remOmni: remOmniOps.browseNodes, meta: metaOps.browseNodes };

/** POST rem_omni/getRetailers, or meta/getRetailers?productId=…: retailers in their groups. */
function fetchRetailers(flow: SetupFlow, signal?: AbortSignal): Promise<RetailersResponse> {
  if (flow.kind === 'product') {
    return call(
      metaOps.getRetailers,
      { query: { productId: String(flow.productId) }, body: {} },
      { signal },
    );
  }
  return call(remOmniOps.getRetailers, { body: {} }, { signal });
}

export const retailersQuery = (flow: SetupFlow) =>
  queryOptions({
    queryKey: flowQueryKey(flow, RETAILERS),
    queryFn: ({ signal }) => fetchRetailers(flow, signal),
    // The retailer list rarely changes: kept fresh across the list, details and form.
    staleTime: 10 * 60_000,
  });

/** POST rem_omni|meta/setupDetails: client details, brands, retailers and schedule of a setup. */
function fetchSetupDetails(
  flow: SetupFlow,
  setupId: number,
  signal?: AbortSignal,
): Promise<SetupDetailsResponse> {
  return call(flowOp(flow, SETUP_DETAILS), { body: { setupId } }, { signal });
}

export const setupDetailsQuery = (flow: SetupFlow, setupId: number) =>
  queryOptions({
    queryKey: flowQueryKey(flow, SETUP_DETAILS, setupId),
    queryFn: ({ signal }) => fetchSetupDetails(flow, setupId, signal),
  });

/** POST rem_omni|meta/browseNodes?setupId=…: a setup's nodes and their parent/child mapping. */
function fetchBrowseNodes(
  flow: SetupFlow,
  setupId: number,
  signal?: AbortSignal,
): Promise<BrowseNodesResponse> {
  return call(
    flowOp(flow, BROWSE_NODES),
    { query: { setupId: String(setupId) }, body: {} },
    { signal },
  );
}

export const browseNodesQuery = (flow: SetupFlow, setupId: number) =>
  queryOptions({
    queryKey: flowQueryKey(flow, BROWSE_NODES, setupId),
    queryFn: ({ signal }) => fetchBrowseNodes(flow, setupId, signal),
  });

/** POST rem_omni/allSetup or meta/allSetup (with productId): one page of setup rows. */
export function fetchSetupPage(
  flow: SetupFlow,
  body: { searchText: string; limit: number; offset: number },
  signal?: AbortSignal,
): Promise<SetupRow[]> {
  if (flow.kind === 'product') {
    return call(metaOps.allSetup, { body: { ...body, productId: flow.productId } }, { signal });
  }
  return call(remOmniOps.allSetup, { body }, { signal });
}
