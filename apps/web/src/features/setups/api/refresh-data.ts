import type { SetupRow } from '@onboarding/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { invalidateSetupList } from '@/lib/data/setup-list';
import { useGuardedMutation } from '@/lib/guarded-mutation';
import type { SetupFlow } from '@/lib/setup-flow';
import { rowKey } from '../utils/bulk-plan';

/** POST rem_omni|meta/refreshData: re-runs the workflow of a completed retailer. */
export function refreshData(flow: SetupFlow, row: SetupRow) {
  return call(flow.ops.refreshData, flow.request.refreshData(row));
}

/**
 * Refresh Data; on success the setups list reloads. One request per row at a time
 * (lib/guarded-mutation.ts), whichever click starts it.
 */
export function useRefreshData(flow: SetupFlow) {
  const queryClient = useQueryClient();
  return useGuardedMutation(
    {
      mutationFn: (row: SetupRow) => refreshData(flow, row),
      onSuccess: () => invalidateSetupList(queryClient, flow),
    },
    { intentOf: rowKey },
  );
}
