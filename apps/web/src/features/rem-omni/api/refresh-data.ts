import { remOmniOps, type SetupRow } from '@onboarding/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** POST rem_omni/refreshData: re-runs the workflow of a completed retailer. */
function refreshData(row: SetupRow) {
  return call(remOmniOps.refreshData, {
    body: {
      setupId: row.setupId,
      clientName: row.clientName,
      clientId: row.clientId,
      retailerId: row.retailerId,
      isNewClient: row.isNewClient,
      isMarketShareEnabled: row.ismarketshareEnabled,
    },
  });
}

/** Refresh Data; on success the setups list reloads. */
export function useRefreshData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshData,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [remOmniOps.allSetup.id] }),
  });
}
