import { metaOps, remOmniOps, type SetupRow } from '@onboarding/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { SetupFlow } from '@/lib/setup-flow';
import { ALL_SETUP_KEYS } from './all-setup';

/** POST rem_omni|meta/refreshData: re-runs the workflow of a completed retailer. */
export function refreshData(flow: SetupFlow, row: SetupRow) {
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
export function useRefreshData(flow: SetupFlow) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (row: SetupRow) => refreshData(flow, row),
    onSuccess: () =>
      Promise.all(ALL_SETUP_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
