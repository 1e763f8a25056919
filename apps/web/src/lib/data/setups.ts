/**
 * The reads of one setup and of the flow's retailers, for the list, the details, the failure
 * board and the form: one query each, so an answer is cached once whichever screen asked first.
 */
import {
  TERMINAL_STEP_STATUSES,
  WORKFLOW_REFETCH_MS,
  type BrowseNodesResponse,
  type RetailersResponse,
  type SetupDetailsResponse,
  type WorkflowEntry,
  type WorkflowResponse,
} from '@onboarding/contracts';
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

/** POST rem_omni|meta/browseNodes?setupId=…: a setup's nodes and their parent/child mapping. */
function fetchBrowseNodes(
  flow: SetupFlow,
  setupId: number,
  signal?: AbortSignal,
): Promise<BrowseNodesResponse> {
  return call(flow.ops.browseNodes, { query: { setupId: String(setupId) }, body: {} }, { signal });
}

export const browseNodesQuery = (flow: SetupFlow, setupId: number) =>
  queryOptions({
    queryKey: flow.key('browseNodes', setupId),
    queryFn: ({ signal }) => fetchBrowseNodes(flow, setupId, signal),
  });

/** A setup's browse nodes (the same query as the edit form's); off while rows carry them. */
export function useBrowseNodes(flow: SetupFlow, setupId: number, enabled = true) {
  return useQuery({ ...browseNodesQuery(flow, setupId), enabled });
}

/** POST rem_omni/worflowData or meta/workflowData: current workflow and its history. */
function fetchWorkflowData(
  flow: SetupFlow,
  setupId: number,
  signal?: AbortSignal,
): Promise<WorkflowResponse> {
  return call(flow.ops.workflowData, { body: { setupId } }, { signal });
}

/** True while some step has not yet completed or failed. */
export function isWorkflowRunning(entries: readonly WorkflowEntry[]): boolean {
  return entries.some((e) => !TERMINAL_STEP_STATUSES.includes(e.status.toLowerCase()));
}

export const workflowDataQuery = (flow: SetupFlow, setupId: number) =>
  queryOptions({
    queryKey: flow.key('workflowData', setupId),
    queryFn: ({ signal }) => fetchWorkflowData(flow, setupId, signal),
  });

/**
 * The live workflow: refetched every 10 s while any step is still running (paused while the
 * tab is hidden), and no more once every step is completed or failed.
 */
export function useWorkflowData(flow: SetupFlow, setupId: number) {
  return useQuery({
    ...workflowDataQuery(flow, setupId),
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && isWorkflowRunning(data.currentWorkflow) ? WORKFLOW_REFETCH_MS : false;
    },
    refetchIntervalInBackground: false,
  });
}
