import { metaOps, remOmniOps, SETUP_STATUS, type SetupRow } from '@onboarding/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { SetupFlow } from '@/lib/setup-flow';
import { ALL_SETUP_KEYS } from './all-setup';

/** POST rem_omni|meta/reTrigger: re-runs a failed step of one retailer. */
export function reTrigger(flow: SetupFlow, row: SetupRow) {
  const common = {
    setupId: row.setupId,
    stepName: row.stepName ?? '',
    clientName: row.clientName,
    clientId: row.clientId,
    retailerId: row.retailerId,
    isNewClient: row.isNewClient,
  };
  if (flow.kind === 'product') {
    return call(metaOps.reTrigger, { body: { ...common, productId: flow.productId } });
  }
  return call(remOmniOps.reTrigger, {
    body: { ...common, ismarketshareEnabled: row.ismarketshareEnabled },
  });
}

/** Re-trigger; NOT_STARTED at once, in every cache (docs/requirements.md#setup-actions-rules). */
export function useReTrigger(flow: SetupFlow) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (row: SetupRow) => reTrigger(flow, row),
    onSuccess: (_answer, row) => {
      for (const queryKey of ALL_SETUP_KEYS) {
        // Pages of rows only: the failure board's answer shares the list's key.
        queryClient.setQueriesData<SetupRow[]>({ queryKey }, (rows) =>
          Array.isArray(rows)
            ? rows.map((r) =>
                r.setupId === row.setupId && r.retailerId === row.retailerId
                  ? { ...r, status: SETUP_STATUS.NOT_STARTED }
                  : r,
              )
            : rows,
        );
      }
    },
  });
}
