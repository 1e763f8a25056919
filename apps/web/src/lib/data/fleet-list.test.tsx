import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { viewsOps, type FleetFilter } from '@onboarding/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FakeGateway } from '@test/fake-gateway';
import { fleetListFrom, fleetSetup } from '@test/fleet';
import { screenTestHooks } from '@test/screen-hooks';
import { createQueryClient } from '../query-client';
import { productFlow, REM_OMNI_FLOW, type SetupFlow } from '../setup-flow';
import { useFleetList } from './fleet-list';
import { invalidateSetupList } from './setup-list';

screenTestHooks();

afterEach(() => {
  jest.useRealTimers();
});

const FAILED: FleetFilter = { status: ['FAILED'] };
const FIRST = { offset: 0, limit: 2 };
const SECOND = { offset: 2, limit: 2 };

interface Props {
  flow?: SetupFlow;
  filter?: FleetFilter;
  page?: { offset: number; limit: number };
  enabled?: boolean;
}

function renderList(initial: Props = {}) {
  const setups = [4, 3, 2, 1].map((id) => fleetSetup(id, null));
  const gateway = new FakeGateway().on(viewsOps.fleetList, fleetListFrom(setups)).install();
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    ({ flow = REM_OMNI_FLOW, filter = FAILED, page = FIRST, enabled = true }: Props) =>
      useFleetList(flow, filter, page, enabled),
    { wrapper, initialProps: initial },
  );
  const ids = () => hook.result.current.data?.setups.map((s) => s.setupId);
  const asked = () => gateway.callsTo(viewsOps.fleetList).map((r) => r.query);
  return { ...hook, gateway, queryClient, ids, asked };
}

describe("a filtered page of a flow's setups", () => {
  it('shows the page of setups matching the filters', async () => {
    const { ids, asked } = renderList();
    await waitFor(() => expect(ids()).toEqual([4, 3]));
    expect(asked()).toEqual([{ flow: 'rem_omni', status: 'FAILED', offset: '0', limit: '2' }]);
  });

  it('asks nothing while no filter is set', async () => {
    const { gateway, result } = renderList({ enabled: false });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(gateway.requests).toHaveLength(0);
    expect(result.current.data).toBeUndefined();
  });

  it('asks again for other filters, page or flow, and not for the same ones', async () => {
    const { ids, asked, rerender } = renderList();
    await waitFor(() => expect(ids()).toEqual([4, 3]));
    rerender({ filter: { status: ['FAILED'] } });
    rerender({ filter: { status: ['COMPLETED'] } });
    await waitFor(() => expect(asked()).toHaveLength(2));
    rerender({ filter: { status: ['COMPLETED'] }, page: SECOND });
    await waitFor(() => expect(asked()).toHaveLength(3));
    rerender({ flow: productFlow(7), filter: { status: ['COMPLETED'] }, page: SECOND });
    await waitFor(() => expect(asked()).toHaveLength(4));
    expect(asked().map((q) => [q.flow, q.status, q.offset])).toEqual([
      ['rem_omni', 'FAILED', '0'],
      ['rem_omni', 'COMPLETED', '0'],
      ['rem_omni', 'COMPLETED', '2'],
      ['meta', 'COMPLETED', '2'],
    ]);
  });

  it('keeps the last page shown while the next one loads', async () => {
    const { ids, gateway, rerender, result } = renderList();
    await waitFor(() => expect(ids()).toEqual([4, 3]));
    const release = gateway.hold(viewsOps.fleetList);
    rerender({ page: SECOND });
    expect(ids()).toEqual([4, 3]);
    expect(result.current.isPlaceholderData).toBe(true);
    release();
    await waitFor(() => expect(ids()).toEqual([2, 1]));
  });

  it('is read again with the list after a re-trigger or a refresh', async () => {
    const { ids, asked, queryClient } = renderList();
    await waitFor(() => expect(ids()).toEqual([4, 3]));
    await act(() => invalidateSetupList(queryClient, REM_OMNI_FLOW));
    expect(asked()).toHaveLength(2);
  });

  it('is not asked again by a screen mounted within 5 s of its answer', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const { asked, queryClient } = renderList();
    const again = () =>
      renderHook(() => useFleetList(REM_OMNI_FLOW, FAILED, FIRST, true), {
        wrapper: ({ children }: { children: ReactNode }) => (
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        ),
      });
    await act(() => jest.advanceTimersByTimeAsync(4_900));
    expect(asked()).toHaveLength(1);
    again();
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(asked()).toHaveLength(1);
    await act(() => jest.advanceTimersByTimeAsync(200));
    again();
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(asked()).toHaveLength(2);
  });
});
