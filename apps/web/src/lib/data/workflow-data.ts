import {
  TERMINAL_STEP_STATUSES,
  WORKFLOW_REFETCH_MS,
  type WorkflowEntry,
  type WorkflowResponse,
} from '@onboarding/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../api-client';
import type { SetupFlow } from '../setup-flow';

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

const workflowDataQuery = (flow: SetupFlow, setupId: number) =>
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
