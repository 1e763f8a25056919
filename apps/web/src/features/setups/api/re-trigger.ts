import { SETUP_STATUS, type SetupRow } from '@onboarding/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { updateCachedRows } from '@/lib/data/setup-list';
import { useGuardedMutation } from '@/lib/guarded-mutation';
import type { SetupFlow } from '@/lib/setup-flow';
import { rowKey } from '../utils/bulk-plan';

/** POST rem_omni|meta/reTrigger: re-runs a failed step of one retailer. */
export function reTrigger(flow: SetupFlow, row: SetupRow) {
  return call(flow.ops.reTrigger, flow.request.reTrigger(row));
}

/**
 * Re-trigger; NOT_STARTED at once in the list's pages (docs/requirements.md#setup-actions-rules).
 * One request per row at a time (lib/guarded-mutation.ts), whichever click starts it.
 */
export function useReTrigger(flow: SetupFlow) {
  const queryClient = useQueryClient();
  return useGuardedMutation(
    {
      mutationFn: (row: SetupRow) => reTrigger(flow, row),
      onSuccess: (_answer, row) =>
        updateCachedRows(queryClient, flow, (r) =>
          r.setupId === row.setupId && r.retailerId === row.retailerId
            ? { ...r, status: SETUP_STATUS.NOT_STARTED }
            : r,
        ),
    },
    { intentOf: rowKey },
  );
}
