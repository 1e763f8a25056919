import type { SetupRow, WorkflowEntry } from '@onboarding/contracts';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import pLimit from 'p-limit';
import { useState } from 'react';
import { BULK_CONCURRENCY } from '@/lib/bulk-run';
import { fetchEveryPage } from '@/lib/data/every-page';
import { setupListKeys } from '@/lib/data/setup-list';
import { workflowDataQuery } from '@/lib/data/workflow-data';
import type { SetupFlow } from '@/lib/setup-flow';
import type { WalkProgress } from '@/lib/walk-pages';
import { isFailed } from '../utils/group-setups';

export interface FailureBoardData {
  failed: SetupRow[];
  /** Each failed setup's current workflow, where it could be read. */
  workflows: ReadonlyMap<number, readonly WorkflowEntry[]>;
  /** Setups whose workflow could not be read: their rows are listed without a message. */
  unreadable: number;
}

export type BoardProgress =
  ({ phase: 'setups' } & WalkProgress) | { phase: 'workflows'; read: number; total: number };

async function loadBoard(
  queryClient: QueryClient,
  flow: SetupFlow,
  onProgress: (progress: BoardProgress) => void,
  signal: AbortSignal,
): Promise<FailureBoardData> {
  const rows = await fetchEveryPage(
    flow,
    '',
    (_page, progress) => onProgress({ phase: 'setups', ...progress }),
    signal,
  );
  const failed = rows.filter(isFailed);
  const setupIds = [...new Set(failed.map((r) => r.setupId))];
  const workflows = new Map<number, readonly WorkflowEntry[]>();
  let read = 0;
  let unreadable = 0;
  onProgress({ phase: 'workflows', read, total: setupIds.length });
  // The same cache entries as the details screen; a few at a time, not one burst per setup.
  const limit = pLimit(BULK_CONCURRENCY);
  await Promise.all(
    setupIds.map((setupId) =>
      limit(async () => {
        if (signal.aborted) return;
        try {
          const data = await queryClient.fetchQuery(workflowDataQuery(flow, setupId));
          workflows.set(setupId, data.currentWorkflow);
        } catch {
          unreadable += 1;
        }
        read += 1;
        onProgress({ phase: 'workflows', read, total: setupIds.length });
      }),
    ),
  );
  return { failed, workflows, unreadable };
}

/** Under the list's key, apart from its pages: whatever reloads the list reloads the board. */
const failureBoardQuery = (
  queryClient: QueryClient,
  flow: SetupFlow,
  onProgress: (progress: BoardProgress) => void,
) =>
  queryOptions({
    queryKey: setupListKeys(flow).failureBoard,
    queryFn: ({ signal }) => loadBoard(queryClient, flow, onProgress, signal),
    staleTime: 30_000,
  });

/** Every FAILED row of the flow's setups, with their workflows, and how far the reading got. */
export function useFailureBoard(flow: SetupFlow) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<BoardProgress | null>(null);
  const board = useQuery(failureBoardQuery(queryClient, flow, setProgress));
  return { board, progress };
}
