import type { SetupRow } from '@onboarding/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fetchEveryPage } from '@/lib/data/every-page';
import { setupListKeys } from '@/lib/data/setup-list';
import type { SetupFlow } from '@/lib/setup-flow';
import { useLogError } from '@/lib/use-log-error';
import type { NameCandidate } from '../utils/similar-names';
import { clientsQuery } from './clients';

/** The prospects of a list of setup rows, each client once. */
function prospectsOf(rows: readonly SetupRow[]): NameCandidate[] {
  const byId = new Map<number, NameCandidate>();
  for (const row of rows) {
    if (row.isNewClient && !byId.has(row.clientId)) {
      byId.set(row.clientId, { clientId: row.clientId, name: row.clientName, kind: 'prospect' });
    }
  }
  return [...byId.values()];
}

/**
 * The flow's prospects, read from every page of its setups list once. Under the list's key
 * (so whatever reloads the list reloads this), apart from its pages.
 */
const prospectsQuery = (flow: SetupFlow) =>
  queryOptions({
    queryKey: setupListKeys(flow).prospects,
    queryFn: async ({ signal }) => prospectsOf(await fetchEveryPage(flow, '', undefined, signal)),
    staleTime: 60_000,
  });

/**
 * The customers a prospect's name is compared with: the existing clients (the picker's list)
 * and the flow's prospects. What fails to load is only logged and left out
 * (docs/requirements.md#setup-form-similar-names).
 */
export function useNameCandidates(flow: SetupFlow): readonly NameCandidate[] {
  const clients = useQuery(clientsQuery());
  const prospects = useQuery(prospectsQuery(flow));
  useLogError(clients.error, 'Loading existing clients for similar names failed');
  useLogError(prospects.error, 'Loading prospects for similar names failed');
  return useMemo(
    () => [
      ...(clients.data ?? []).map((c): NameCandidate => ({
        clientId: c.value,
        name: c.name,
        kind: 'client',
      })),
      ...(prospects.data ?? []),
    ],
    [clients.data, prospects.data],
  );
}
