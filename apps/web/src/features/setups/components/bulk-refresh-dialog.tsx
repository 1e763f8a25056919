import type { SetupRow } from '@onboarding/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { invalidateSetupList } from '@/lib/data/setup-list';
import type { SetupFlow } from '@/lib/setup-flow';
import { refreshData } from '../api/refresh-data';
import { planBulk, refreshSkipReason } from '../utils/bulk-plan';
import { BulkActionDialog } from './bulk-action-dialog';

interface Props {
  flow: SetupFlow;
  /** The rows ticked in the list; those not COMPLETED are skipped with the reason. */
  rows: readonly SetupRow[];
  retailerNames: ReadonlyMap<number, string> | undefined;
  /** `ran`: whether anything was sent (the list's selection is then cleared). */
  onClose: (ran: boolean) => void;
}

/** Refresh Data on the ticked rows of the list (docs/requirements.md#setups-list-bulk-refresh). */
export function BulkRefreshDialog({ flow, rows, retailerNames, onClose }: Props) {
  const queryClient = useQueryClient();
  // Fixed when the dialog opens: the list reloading under it (rows no longer COMPLETED once
  // refreshed) must not move the rows sent into the skipped ones.
  const [plan] = useState(() => planBulk(rows, refreshSkipReason));
  const [ran, setRan] = useState(false);
  return (
    <BulkActionDialog
      open
      action="Refresh Data"
      plan={plan}
      send={async (row) => (await refreshData(flow, row)).message}
      retailerNames={retailerNames}
      onFinished={() => {
        setRan(true);
        void invalidateSetupList(queryClient, flow);
      }}
      onClose={() => onClose(ran)}
    />
  );
}
