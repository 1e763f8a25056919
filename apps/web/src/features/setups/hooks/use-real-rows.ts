import type { SetupRow } from '@onboarding/contracts';
import { useCallback } from 'react';
import { failureMessage } from '@/lib/api-error';
import { fetchSetupPage } from '@/lib/data/setup-list';
import { useNotify } from '@/lib/notify';
import type { SetupFlow } from '@/lib/setup-flow';
import { rowKey } from '../utils/group-setups';

/** The most rows one client-name search of the list reads (the contract's largest page). */
const SEARCH_LIMIT = 100;

/**
 * A filtered list's rows come from the fleet snapshot, which keeps no client id (clientId 0,
 * utils/list-filter.ts): before a refresh or a re-trigger sends them, each is read again from
 * the list (allSetup, searched by its client's name), as the actions send what the list says.
 * Rows the list no longer has are left out. Rows with their id are used as they are, at once.
 */
export function useRealRows(flow: SetupFlow) {
  const notify = useNotify();
  return useCallback(
    async (rows: readonly SetupRow[]): Promise<SetupRow[] | null> => {
      if (rows.every((r) => r.clientId > 0)) return [...rows];
      try {
        const found = new Map<string, SetupRow>();
        for (const name of new Set(rows.map((r) => r.clientName))) {
          const page = await fetchSetupPage(flow, {
            searchText: name.slice(0, 100),
            limit: SEARCH_LIMIT,
            offset: 0,
          });
          for (const row of page) found.set(rowKey(row), row);
        }
        return rows.flatMap((r) => found.get(rowKey(r)) ?? []);
      } catch (error) {
        notify(`The setups could not be read: ${failureMessage(error)}`, { severity: 'error' });
        return null;
      }
    },
    [flow, notify],
  );
}
