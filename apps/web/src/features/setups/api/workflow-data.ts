import {
  metaOps,
  remOmniOps,
  TERMINAL_STEP_STATUSES,
  WORKFLOW_REFETCH_MS,
  type WorkflowEntry,
  type WorkflowResponse,
} from '@onboarding/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { flowOp, flowQueryKey, type SetupFlow } from '@/lib/setup-flow';

// rem_omni's call keeps the upstream's spelling (worflowData) on the wire only.
const WORKFLOW_DATA = { remOmni: remOmniOps.worflowData, meta: metaOps.workflowData };

/** POST rem_omni/worflowData or meta/workflowData: current workflow and its history. */
function fetchWorkflowData(
  flow: SetupFlow,
  setupId: number,
  signal?: AbortSignal,
): Promise<WorkflowResponse> {
  return call(flowOp(flow, WORKFLOW_DATA), { body: { setupId } }, { signal });
}

/** True while some step has not yet completed or failed. */
export function isWorkflowRunning(entries: readonly WorkflowEntry[]): boolean {
  return entries.some((e) => !TERMINAL_STEP_STATUSES.includes(e.status.toLowerCase()));
}

export const workflowDataQuery = (flow: SetupFlow, setupId: number) =>
  queryOptions({
    queryKey: flowQueryKey(flow, WORKFLOW_DATA, setupId),
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
