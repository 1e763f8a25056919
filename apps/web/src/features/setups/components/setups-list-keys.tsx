import type { SetupRow } from '@onboarding/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { fleetFailuresQuery } from '@/lib/data/fleet-failures';
import { invalidateSetupList } from '@/lib/data/setup-list';
import { useRowKeys } from '@/lib/keyboard/use-row-keys';
import type { SetupFlow } from '@/lib/setup-flow';
import { reTrigger } from '../api/re-trigger';
import { planBulk, reTriggerSkipReason, rowKey, type BulkPlan } from '../utils/bulk-plan';
import { filteredSkipReason } from '../utils/filtered-plan';
import { hasFilter, readListFilter } from '../utils/list-filter';
import { retailerName, setupKind, type SetupGroup } from '../utils/group-setups';
import { setupStatusLook } from '../utils/status';
import { BulkActionDialog } from './bulk-action-dialog';

export interface SetupsListKeysProps {
  flow: SetupFlow;
  /** The setups the table shows, in its order: one table row each. */
  groups: readonly SetupGroup[];
  retailerNames: ReadonlyMap<number, string> | undefined;
  /** The list's row selection (hooks/use-row-selection.ts). */
  selection: {
    selected: ReadonlySet<string>;
    chosen: readonly SetupRow[];
    toggle: (rows: readonly SetupRow[], on: boolean) => void;
    clear: () => void;
  };
  /** f: opens the list's bulk Refresh Data dialog with these rows. */
  onRefresh: (rows: SetupRow[]) => void;
}

/** The table's setup rows (not an expanded row's browse nodes): those with a tick box. */
function tableRows(): HTMLElement[] {
  const body = document.querySelector('table[aria-label="Setups"] > tbody');
  return [...(body?.querySelectorAll<HTMLElement>(':scope > tr') ?? [])].filter(
    (tr) => tr.querySelector('input[type="checkbox"]') !== null,
  );
}

/**
 * The setups list's keys (docs/requirements.md#keyboard-shortcuts): j/k over the setups shown, x
 * ticks the focused setup's retailers (the list's selection), f opens the bulk Refresh Data
 * preview and r a bulk re-trigger preview of the ticked rows; on a filtered list both send only
 * the rows the filters select. Loaded when the list is idle.
 */
export function SetupsListKeys({
  flow,
  groups,
  retailerNames,
  selection,
  onRefresh,
}: SetupsListKeysProps) {
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const [reTriggering, setReTriggering] = useState<BulkPlan | null>(null);
  const [ran, setRan] = useState(false);

  const reviewReTrigger = async () => {
    const rows = selection.chosen;
    const { filter } = readListFilter(searchParams);
    // Failed since reads each row's failure time, which the failure board's read has.
    const failedAt = new Map<string, number>();
    if (hasFilter(filter) && filter.failedSince !== undefined) {
      const failures = await queryClient.fetchQuery(fleetFailuresQuery(flow));
      for (const f of failures.failures)
        if (f.failedAt !== null) failedAt.set(rowKey(f), Date.parse(f.failedAt));
    }
    setReTriggering(planBulk(rows, filteredSkipReason(filter, reTriggerSkipReason, failedAt)));
  };

  useRowKeys({
    rows: tableRows,
    describe: (index) => {
      const g = groups[index];
      if (!g) return '';
      const retailers = g.rows.map(
        (r) => `${retailerName(r, retailerNames)} (${setupKind(r)}) ${setupStatusLook(r).label}`,
      );
      return `${g.clientName}, ${retailers.join('; ')}`;
    },
    toggle: (index) => {
      const g = groups[index];
      if (g) selection.toggle(g.rows, !g.rows.every((r) => selection.selected.has(rowKey(r))));
    },
    selectedCount: selection.chosen.length,
    onRefresh: () => onRefresh([...selection.chosen]),
    onReTrigger: () => void reviewReTrigger(),
  });

  return reTriggering ? (
    <BulkActionDialog
      open
      action="Re-trigger"
      plan={reTriggering}
      send={async (row) => (await reTrigger(flow, row)).message}
      retailerNames={retailerNames}
      onFinished={() => {
        setRan(true);
        void invalidateSetupList(queryClient, flow);
      }}
      onClose={() => {
        setReTriggering(null);
        // As the bulk refresh: once sent, the ticks are done with.
        if (ran) selection.clear();
        setRan(false);
      }}
    />
  ) : null;
}
