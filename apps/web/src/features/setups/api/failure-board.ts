import type { SetupRow } from '@onboarding/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fleetFailuresQuery } from '@/lib/data/fleet-failures';
import type { SetupFlow } from '@/lib/setup-flow';
import { rowKey } from '../utils/bulk-plan';

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
