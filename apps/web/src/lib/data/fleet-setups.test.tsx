import { describe, expect, it, jest } from '@jest/globals';
import { fleetOps } from '@onboarding/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FakeGateway } from '@test/fake-gateway';
import { fleetSetup, fleetSetupsFrom } from '@test/fleet';
import { screenTestHooks } from '@test/screen-hooks';
import { createQueryClient } from '../query-client';
import { everyFleetSetupQuery, fetchFleetSetups, useFleetSetups } from './fleet-setups';

screenTestHooks();

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

/** A snapshot holding setups 1–300. */
function snapshotGateway() {
  const held = range(1, 300).map((id) => fleetSetup(id, null));
  const gateway = new FakeGateway().on(fleetOps.setups, fleetSetupsFrom(held)).install();
  return { gateway, asked: () => gateway.callsTo(fleetOps.setups).map((r) => r.query) };
}

function client() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, wrapper };
}

interface Props {
  productId?: number | null;
  ids: number[];
  snapshotAt?: string | null;
}

function renderSetups(initial: Props) {
  const { wrapper } = client();
  const hook = renderHook(
    ({ productId = null, ids, snapshotAt = 'T1' }: Props) =>
      useFleetSetups(productId, ids, snapshotAt),
    { wrapper, initialProps: initial },
  );
  const shown = () => hook.result.current.data?.setups.map((s) => s.setupId);
  return { ...hook, shown };
}

describe('setups by id from the fleet snapshot', () => {
  it("asks the Category Leaderboard's setups by their ids, in the order asked", async () => {
    const { asked } = snapshotGateway();
    const answer = await fetchFleetSetups(null, [12, 3, 7]);
    expect(answer.setups.map((s) => s.setupId)).toEqual([12, 3, 7]);
    expect(asked()).toEqual([{ flow: 'rem_omni', setupIds: '12,3,7' }]);
  });

  it("asks a product's setups by its id", async () => {
    const { asked } = snapshotGateway();
    await fetchFleetSetups(7, [1]);
    expect(asked()).toEqual([{ flow: 'meta', productId: '7', setupIds: '1' }]);
  });

  it('sends the caller’s abort signal', async () => {
    snapshotGateway();
    const leave = new AbortController();
    const fetchCalls = jest.spyOn(globalThis, 'fetch');
    try {
      await fetchFleetSetups(null, [1], leave.signal);
      expect(fetchCalls.mock.calls[0]?.[1]?.signal).toBe(leave.signal);
    } finally {
      fetchCalls.mockRestore();
    }
  });

  it('shows the setups of the ids given', async () => {
    snapshotGateway();
    const { shown } = renderSetups({ ids: [5, 6] });
    await waitFor(() => expect(shown()).toEqual([5, 6]));
  });

  it('asks nothing while the list has no setups', async () => {
    const { gateway } = snapshotGateway();
    const { result } = renderSetups({ ids: [] });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(gateway.requests).toHaveLength(0);
    expect(result.current.data).toBeUndefined();
  });

  it('keeps the last page shown while the next one loads', async () => {
    const { gateway } = snapshotGateway();
    const { shown, rerender, result } = renderSetups({ ids: [5, 6] });
    await waitFor(() => expect(shown()).toEqual([5, 6]));
    const release = gateway.hold(fleetOps.setups);
    rerender({ ids: [7, 8] });
    expect(shown()).toEqual([5, 6]);
    expect(result.current.isPlaceholderData).toBe(true);
    release();
    await waitFor(() => expect(shown()).toEqual([7, 8]));
  });

  it('keeps apart the setups of ids whose digits run the same', async () => {
    snapshotGateway();
    const { wrapper } = client();
    const first = renderHook(() => useFleetSetups(null, [1, 23], 'T1'), { wrapper });
    await waitFor(() => expect(first.result.current.data?.setups).toHaveLength(2));
    const second = renderHook(() => useFleetSetups(null, [12, 3], 'T1'), { wrapper });
    expect(second.result.current.data).toBeUndefined();
    await waitFor(() =>
      expect(second.result.current.data?.setups.map((s) => s.setupId)).toEqual([12, 3]),
    );
  });

  it('asks again for a newer snapshot or another flow, and not otherwise', async () => {
    const { asked } = snapshotGateway();
    const { shown, rerender } = renderSetups({ ids: [5, 6] });
    await waitFor(() => expect(shown()).toEqual([5, 6]));
    rerender({ ids: [5, 6] });
    rerender({ ids: [5, 6], snapshotAt: 'T2' });
    await waitFor(() => expect(asked()).toHaveLength(2));
    rerender({ ids: [5, 6], snapshotAt: 'T2', productId: 7 });
    await waitFor(() => expect(asked()).toHaveLength(3));
    expect(asked().map((q) => q.flow)).toEqual(['rem_omni', 'rem_omni', 'meta']);
  });
});

describe('any number of setups by id (the failure board’s forecasts)', () => {
  it('asks 100 ids a call, one call after another, and keeps the order asked', async () => {
    const { asked } = snapshotGateway();
    const ids = range(1, 250).reverse();
    const { queryClient } = client();
    const setups = await queryClient.fetchQuery(everyFleetSetupQuery(null, ids, 'T1'));
    expect(setups.map((s) => s.setupId)).toEqual(ids);
    expect(asked().map((q) => q.setupIds?.split(',').length)).toEqual([100, 100, 50]);
    expect(asked()[1]?.setupIds?.split(',').at(0)).toBe('150');
  });

  it("asks a product's setups by its id, leaving out those not in the snapshot", async () => {
    const { asked } = snapshotGateway();
    const { queryClient } = client();
    const setups = await queryClient.fetchQuery(everyFleetSetupQuery(7, [299, 301, 300], 'T1'));
    expect(setups.map((s) => s.setupId)).toEqual([299, 300]);
    expect(asked()).toEqual([{ flow: 'meta', productId: '7', setupIds: '299,301,300' }]);
  });

  it('keeps apart the answers for ids whose digits run the same', async () => {
    snapshotGateway();
    const { queryClient } = client();
    await queryClient.fetchQuery(everyFleetSetupQuery(null, [1, 23], 'T1'));
    const other = everyFleetSetupQuery(null, [12, 3], 'T1');
    expect(queryClient.getQueryData(other.queryKey)).toBeUndefined();
    const setups = await queryClient.fetchQuery(other);
    expect(setups.map((s) => s.setupId)).toEqual([12, 3]);
  });

  it('asks nothing for no ids', async () => {
    const { gateway } = snapshotGateway();
    const { queryClient } = client();
    await expect(queryClient.fetchQuery(everyFleetSetupQuery(null, [], 'T1'))).resolves.toEqual([]);
    expect(gateway.requests).toHaveLength(0);
  });

  it('asks exactly 100 ids in one call', async () => {
    const { asked } = snapshotGateway();
    const { queryClient } = client();
    await queryClient.fetchQuery(everyFleetSetupQuery(null, range(1, 100), 'T1'));
    expect(asked()).toHaveLength(1);
  });

  it('keeps its answer apart from a page of the same ids', async () => {
    snapshotGateway();
    const { queryClient, wrapper } = client();
    const { result } = renderHook(() => useFleetSetups(null, [5, 6], 'T1'), { wrapper });
    await waitFor(() => expect(result.current.data?.setups).toHaveLength(2));
    await act(async () => {
      await queryClient.fetchQuery(everyFleetSetupQuery(null, [5, 6], 'T1'));
      // react-query tells its observers on the next tick.
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(result.current.data?.setups.map((s) => s.setupId)).toEqual([5, 6]);
  });
});
