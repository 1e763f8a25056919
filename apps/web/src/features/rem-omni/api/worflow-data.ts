import {
  remOmniOps,
  TERMINAL_STEP_STATUSES,
  WORKFLOW_REFETCH_MS,
  type WorkflowEntry,
  type WorkflowResponse,
} from '@onboarding/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** POST rem_omni/worflowData (the upstream's spelling): current workflow and its history. */
function fetchWorflowData(setupId: number, signal?: AbortSignal): Promise<WorkflowResponse> {
  return call(remOmniOps.worflowData, { body: { setupId } }, { signal });
}

/** True while some step has not yet completed or failed. */
export function isWorkflowRunning(entries: readonly WorkflowEntry[]): boolean {
  return entries.some((e) => !TERMINAL_STEP_STATUSES.includes(e.status.toLowerCase()));
}

const worflowDataQuery = (setupId: number) =>
  queryOptions({
    queryKey: [remOmniOps.worflowData.id, setupId],
    queryFn: ({ signal }) => fetchWorflowData(setupId, signal),
  });

/**
 * The live workflow: refetched every 10 s while any step is still running (paused while the
 * tab is hidden), and no more once every step is completed or failed.
 */
export function useWorflowData(setupId: number) {
  return useQuery({
    ...worflowDataQuery(setupId),
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && isWorkflowRunning(data.currentWorkflow) ? WORKFLOW_REFETCH_MS : false;
    },
    refetchIntervalInBackground: false,
  });
}
