import type { SetupRow } from '@onboarding/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { invalidateSetupList } from '@/lib/data/setup-list';
import type { SetupFlow } from '@/lib/setup-flow';
import { refreshData } from '../api/refresh-data';
import { planBulk, refreshSkipReason } from '../utils/bulk-plan';
import { filteredSkipReason } from '../utils/filtered-plan';
import { readListFilter } from '../utils/list-filter';
import { BulkActionDialog } from './bulk-action-dialog';

interface Props {
  flow: SetupFlow;
  /** The rows ticked in the list; those not COMPLETED are skipped with the reason. */
  rows: readonly SetupRow[];
  retailerNames: ReadonlyMap<number, string> | undefined;
  /** `ran`: whether anything was sent (the list's selection is then cleared). */
  onClose: (ran: boolean) => void;
}

/**
 * Refresh Data on the ticked rows of the list (docs/requirements.md#setups-list-bulk-refresh);
 * on a filtered list only the rows its filters select (the address's, as the list shows them).
 */
export function BulkRefreshDialog({ flow, rows, retailerNames, onClose }: Props) {
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  // Fixed when the dialog opens: the list reloading under it (rows no longer COMPLETED once
  // refreshed) must not move the rows sent into the skipped ones.
  const [plan] = useState(() =>
    // A row's failure time is not needed: failed since selects FAILED rows, which are never sent.
    planBulk(rows, filteredSkipReason(readListFilter(searchParams).filter, refreshSkipReason)),
  );
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
