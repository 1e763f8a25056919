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
import { flowKey, type SetupsFlow } from '../utils/flow';

/**
 * POST rem_omni/worflowData (the upstream's spelling) or meta/workflowData: current workflow and
 * its history.
 */
function fetchWorflowData(
  flow: SetupsFlow,
  setupId: number,
  signal?: AbortSignal,
): Promise<WorkflowResponse> {
  const op = flow.kind === 'product' ? metaOps.workflowData : remOmniOps.worflowData;
  return call(op, { body: { setupId } }, { signal });
}

/** True while some step has not yet completed or failed. */
export function isWorkflowRunning(entries: readonly WorkflowEntry[]): boolean {
  return entries.some((e) => !TERMINAL_STEP_STATUSES.includes(e.status.toLowerCase()));
}

const worflowDataQuery = (flow: SetupsFlow, setupId: number) =>
  queryOptions({
    queryKey: ['workflowData', flowKey(flow), setupId],
    queryFn: ({ signal }) => fetchWorflowData(flow, setupId, signal),
  });

/**
 * The live workflow: refetched every 10 s while any step is still running (paused while the
 * tab is hidden), and no more once every step is completed or failed.
 */
export function useWorflowData(flow: SetupsFlow, setupId: number) {
  return useQuery({
    ...worflowDataQuery(flow, setupId),
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && isWorkflowRunning(data.currentWorkflow) ? WORKFLOW_REFETCH_MS : false;
    },
    refetchIntervalInBackground: false,
  });
}
