import { metaOps, remOmniOps, type SetupRow } from '@onboarding/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { SetupsFlow } from '../utils/flow';
import { ALL_SETUP_KEY } from './all-setup';

/** POST rem_omni|meta/refreshData: re-runs the workflow of a completed retailer. */
function refreshData(flow: SetupsFlow, row: SetupRow) {
  const common = {
    setupId: row.setupId,
    clientName: row.clientName,
    clientId: row.clientId,
    retailerId: row.retailerId,
    isNewClient: row.isNewClient,
  };
  if (flow.kind === 'product') {
    return call(metaOps.refreshData, {
      body: { ...common, stepName: row.stepName ?? '', productId: flow.productId },
    });
  }
  return call(remOmniOps.refreshData, {
    body: { ...common, isMarketShareEnabled: row.ismarketshareEnabled },
  });
}

/** Refresh Data; on success the setups list reloads. */
export function useRefreshData(flow: SetupsFlow) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (row: SetupRow) => refreshData(flow, row),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ALL_SETUP_KEY }),
  });
}
