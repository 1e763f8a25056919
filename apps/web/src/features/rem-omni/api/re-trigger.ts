import { remOmniOps, SETUP_STATUS, type SetupRow } from '@onboarding/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** POST rem_omni/reTrigger: re-runs a failed step of one retailer. */
function reTrigger(row: SetupRow) {
  return call(remOmniOps.reTrigger, {
    body: {
      setupId: row.setupId,
      stepName: row.stepName ?? '',
      clientName: row.clientName,
      clientId: row.clientId,
      retailerId: row.retailerId,
      isNewClient: row.isNewClient,
      ismarketshareEnabled: row.ismarketshareEnabled,
    },
  });
}

/** Re-trigger; on success the row shows NOT_STARTED at once (spec §4), everywhere it is cached. */
export function useReTrigger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reTrigger,
    onSuccess: (_answer, row) => {
      queryClient.setQueriesData<SetupRow[]>({ queryKey: [remOmniOps.allSetup.id] }, (rows) =>
        rows?.map((r) =>
          r.setupId === row.setupId && r.retailerId === row.retailerId
            ? { ...r, status: SETUP_STATUS.NOT_STARTED }
            : r,
        ),
      );
    },
  });
}
