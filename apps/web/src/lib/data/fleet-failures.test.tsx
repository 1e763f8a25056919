import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fleetOps, type FleetFailures } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FakeGateway } from '@test/fake-gateway';
import { screenTestHooks } from '@test/screen-hooks';
import { createQueryClient } from '../query-client';
import { productFlow, REM_OMNI_FLOW, type SetupFlow } from '../setup-flow';
import { fleetFailuresQuery } from './fleet-failures';
import { invalidateSetupList } from './setup-list';
import { expectAbortedOnLeave } from '@test/abort-on-leave';

screenTestHooks();

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
});
afterEach(() => {
  jest.useRealTimers();
});

function boardGateway() {
  let state: FleetFailures['state'] = 'ready';
  const gateway = new FakeGateway()
    .on(fleetOps.failures, () => fixtures.fleetFailures({ state }))
    .install();
  return {
    gateway,
    calls: () => gateway.callsTo(fleetOps.failures).length,
    setState: (next: FleetFailures['state']) => {
      state = next;
    },
  };
}

function boardReader(flow: SetupFlow) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const render = () => renderHook(() => useQuery(fleetFailuresQuery(flow)), { wrapper });
  return { queryClient, render };
}

const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

describe("the failure board's read", () => {
  it("asks the flow's failures by the flow's name", async () => {
    const { gateway } = boardGateway();
    const { result } = boardReader(REM_OMNI_FLOW).render();
    boardReader(productFlow(7)).render();
    await advance(0);
    expect(result.current.data?.failures[0]?.clientName).toBe('birch goods');
    expect(gateway.callsTo(fleetOps.failures).map((r) => r.query)).toEqual([
      { flow: 'rem_omni' },
      { flow: 'meta', productId: '7' },
    ]);
  });

  it('asks again every 15 s while the board is shown', async () => {
    const { calls } = boardGateway();
    boardReader(REM_OMNI_FLOW).render();
    await advance(0);
    await advance(14_900);
    expect(calls()).toBe(1);
    await advance(200);
    expect(calls()).toBe(2);
  });

  it('asks every 3 s while the first snapshot is read', async () => {
    const { calls, setState } = boardGateway();
    setState('building');
    boardReader(REM_OMNI_FLOW).render();
    await advance(0);
    await advance(3_000);
    expect(calls()).toBe(2);
    setState('ready');
    await advance(3_000);
    await advance(12_000);
    expect(calls()).toBe(3);
  });

  it('is not asked again by another screen within 5 s of the last answer', async () => {
    const { calls } = boardGateway();
    const reader = boardReader(REM_OMNI_FLOW);
    reader.render();
    await advance(4_900);
    reader.render();
    await advance(0);
    expect(calls()).toBe(1);
    await advance(200);
    reader.render();
    await advance(0);
    expect(calls()).toBe(2);
  });

  it('is read again with the list after a re-trigger or a refresh', async () => {
    const { calls } = boardGateway();
    const { queryClient, render } = boardReader(REM_OMNI_FLOW);
    render();
    await advance(0);
    await act(() => invalidateSetupList(queryClient, REM_OMNI_FLOW));
    expect(calls()).toBe(2);
  });

  it('stops asking when the screen leaves before the answer', async () => {
    const { gateway } = boardGateway();
    await expectAbortedOnLeave(
      () => boardReader(REM_OMNI_FLOW).render(),
      gateway.hold(fleetOps.failures),
      () => advance(0),
    );
  });
});
