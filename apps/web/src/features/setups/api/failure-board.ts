import type { FleetFailure, SetupRow } from '@onboarding/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import pLimit from 'p-limit';
import { useMemo } from 'react';
import { BULK_CONCURRENCY } from '@/lib/bulk-run';
import { fleetFailuresQuery } from '@/lib/data/fleet-failures';
import { fetchSetupPage } from '@/lib/data/setup-list';
import type { SetupFlow } from '@/lib/setup-flow';
import { rowKey } from '../utils/bulk-plan';

/** The largest page allSetup serves: a client's setups in one call. */
const CLIENT_PAGE = 100;

/** Rows re-triggered from this tab, by rowKey: when (ms since the epoch). */
type ReTriggered = ReadonlyMap<string, number>;

const reTriggeredQuery = (flow: SetupFlow) =>
  queryOptions<ReTriggered>({
    queryKey: flow.key('failureBoard', 'reTriggered'),
    queryFn: () => new Map(),
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** Remembers rows re-triggered now: the board leaves them out until a newer snapshot. */
export function markReTriggered(
  queryClient: QueryClient,
  flow: SetupFlow,
  row: Pick<SetupRow, 'setupId' | 'retailerId'>,
): void {
  queryClient.setQueryData(reTriggeredQuery(flow).queryKey, (marks) =>
    new Map(marks).set(rowKey(row), Date.now()),
  );
}

/**
 * The flow's FAILED rows from the gateway's fleet snapshot, polled while the board is shown,
 * less the rows re-triggered since that snapshot was taken (it still has them failed).
 */
export function useFailureBoard(flow: SetupFlow) {
  const board = useQuery(fleetFailuresQuery(flow));
  const marks = useQuery(reTriggeredQuery(flow)).data;
  const failures = useMemo(() => {
    const data = board.data;
    if (!data || !marks?.size) return data?.failures;
    const takenAt = data.takenAt === null ? 0 : Date.parse(data.takenAt);
    return data.failures.filter((f) => !((marks.get(rowKey(f)) ?? -1) >= takenAt));
  }, [board.data, marks]);
  return { board, failures };
}

/**
 * The list's own rows of these failures, as a re-trigger sends them (the snapshot keeps no
 * client id nor ML flag), read now: one search per client, a few at a time. A row the list no
 * longer has is left out; its current status says whether it is still FAILED.
 */
export async function currentRowsOf(
  flow: SetupFlow,
  failures: readonly FleetFailure[],
): Promise<{ rows: SetupRow[]; gone: FleetFailure[] }> {
  const limit = pLimit(BULK_CONCURRENCY);
  const clients = [...new Set(failures.map((f) => f.clientName))];
  const pages = await Promise.all(
    clients.map((searchText) =>
      limit(() => fetchSetupPage(flow, { searchText, limit: CLIENT_PAGE, offset: 0 })),
    ),
  );
  const byKey = new Map(pages.flat().map((r) => [rowKey(r), r]));
  const rows: SetupRow[] = [];
  const gone: FleetFailure[] = [];
  for (const f of failures) {
    const row = byKey.get(rowKey(f));
    if (row) rows.push(row);
    else gone.push(f);
  }
  return { rows, gone };
}
