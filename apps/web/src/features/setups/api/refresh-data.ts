import type { SetupRow } from '@onboarding/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { invalidateSetupList } from '@/lib/data/setup-list';
import type { SetupFlow } from '@/lib/setup-flow';

/** POST rem_omni|meta/refreshData: re-runs the workflow of a completed retailer. */
export function refreshData(flow: SetupFlow, row: SetupRow) {
  return call(flow.ops.refreshData, flow.request.refreshData(row));
}

/** Refresh Data; on success the setups list reloads. */
export function useRefreshData(flow: SetupFlow) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (row: SetupRow) => refreshData(flow, row),
    onSuccess: () => invalidateSetupList(queryClient, flow),
  });
}
