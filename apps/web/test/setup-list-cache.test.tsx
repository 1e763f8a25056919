// The cache updates after an action on a setup, through the real hooks and query client: each
// shape read from the setups list (its pages, the failure board, the name candidates) has a key
// of its own, and an update meets only the shape it expects. Here, not beside a component: the
// shapes belong to two features (setups, setup-form).
import { describe, expect, it } from '@jest/globals';
import {
  categoryAnalyticsOps,
  fleetOps,
  PAGE_SIZE,
  remOmniOps,
  SETUP_STATUS,
  type SetupRow,
} from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useNameCandidates } from '@/features/setup-form/api/name-candidates';
import { useFailureBoard } from '@/features/setups/api/failure-board';
import { useRefreshData } from '@/features/setups/api/refresh-data';
import { useReTrigger } from '@/features/setups/api/re-trigger';
import { setupListKeys, useSetupPage } from '@/lib/data/setup-list';
import { createQueryClient } from '@/lib/query-client';
import { REM_OMNI_FLOW } from '@/lib/setup-flow';
import { screenTestHooks } from './screen-hooks';
import { setupRows } from './setups';
import { signedInGateway } from './signed-in';

screenTestHooks();

const flow = REM_OMNI_FLOW;

/** A prospect's setup failing at one retailer and completed at another. */
function rows(): SetupRow[] {
  return setupRows([
    {
      setupId: 1,
      clientName: 'acme foods',
      isNewClient: true,
      retailers: [
        { retailerId: 4, status: 'FAILED', stepName: 'sti' },
        { retailerId: 7, status: 'COMPLETED', stepName: 'sov_wf' },
      ],
    },
  ]);
}

/** The list's first page, the failure board, the name candidates and the two actions, at once. */
function renderListReaders() {
  const gateway = signedInGateway()
    .on(remOmniOps.allSetup, rows())
    .on(
      fleetOps.failures,
      fixtures.fleetFailures({
        failures: [
          { ...fixtures.fleetFailures().failures[0]!, setupId: 1, clientName: 'acme foods' },
        ],
      }),
    )
    .on(remOmniOps.reTrigger, { message: 'Re-triggered' })
    .on(remOmniOps.refreshData, { message: 'Refreshing' })
    .on(categoryAnalyticsOps.clients, [])
    .install();
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    () => ({
      page: useSetupPage(flow, { searchText: '', limit: PAGE_SIZE, offset: 0 }),
      board: useFailureBoard(flow).board,
      candidates: useNameCandidates(flow),
      reTrigger: useReTrigger(flow),
      refresh: useRefreshData(flow),
    }),
    { wrapper },
  );
  return { gateway, queryClient, ...hook };
}

/** How many times each shape's cached answer was written. */
function writes(queryClient: ReturnType<typeof createQueryClient>) {
  const keys = setupListKeys(flow);
  const count = (queryKey: readonly unknown[]) =>
    queryClient
      .getQueryCache()
      .findAll({ queryKey })
      .reduce((n, q) => n + q.state.dataUpdateCount, 0);
  return {
    pages: count(keys.pages),
    failureBoard: count(keys.failureBoard),
    prospects: count(keys.prospects),
  };
}

describe('the setups list cache after an action', () => {
  it('a re-trigger shows the row Not Started on the list page and leaves the failure board and the name candidates as they were', async () => {
    const { result, queryClient } = renderListReaders();
    await waitFor(() => {
      expect(result.current.page.data).toHaveLength(2);
      expect(result.current.board.data?.failures).toHaveLength(1);
      expect(result.current.candidates).toEqual([
        { clientId: 5001, name: 'acme foods', kind: 'prospect' },
      ]);
    });
    const board = result.current.board.data;
    const candidates = result.current.candidates;
    const before = writes(queryClient);

    const failed = result.current.page.data![0]!;
    await act(() => result.current.reTrigger.mutateAsync(failed));

    await waitFor(() =>
      expect(result.current.page.data?.map((r) => [r.retailerId, r.status])).toEqual([
        [4, SETUP_STATUS.NOT_STARTED],
        [7, 'COMPLETED'],
      ]),
    );
    expect(result.current.board.data).toBe(board);
    expect(result.current.candidates).toBe(candidates);
    expect(writes(queryClient)).toEqual({
      pages: before.pages + 1,
      failureBoard: before.failureBoard,
      prospects: before.prospects,
    });
  });

  it('a refresh reads the list page, the failure board and the name candidates again', async () => {
    const { result, gateway } = renderListReaders();
    await waitFor(() => {
      expect(result.current.page.data).toHaveLength(2);
      expect(result.current.board.data?.failures).toHaveLength(1);
      expect(result.current.candidates).toHaveLength(1);
    });
    // The page, and every page once for the candidates; the board reads the fleet snapshot.
    expect(gateway.bodiesOf(remOmniOps.allSetup)).toHaveLength(2);
    expect(gateway.callsTo(fleetOps.failures)).toHaveLength(1);

    const completed = result.current.page.data![1]!;
    await act(() => result.current.refresh.mutateAsync(completed));

    await waitFor(() => expect(gateway.bodiesOf(remOmniOps.allSetup)).toHaveLength(4));
    expect(gateway.bodiesOf(remOmniOps.allSetup).slice(2)).toEqual(
      expect.arrayContaining([
        { searchText: '', limit: PAGE_SIZE, offset: 0 },
        { searchText: '', limit: 100, offset: 0 },
      ]),
    );
    await waitFor(() => expect(gateway.callsTo(fleetOps.failures)).toHaveLength(2));
  });
});
