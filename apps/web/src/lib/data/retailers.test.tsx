import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { metaOps, remOmniOps } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FakeGateway } from '@test/fake-gateway';
import { screenTestHooks } from '@test/screen-hooks';
import { createQueryClient } from '../query-client';
import { productFlow, REM_OMNI_FLOW, type SetupFlow } from '../setup-flow';
import { useRetailerNames } from './retailers';
import { expectAbortedOnLeave } from '@test/abort-on-leave';

screenTestHooks();

afterEach(() => {
  jest.useRealTimers();
});

/** Amazon and Walmart in REM, Target in MARKETSHARE. */
const GROUPS = {
  data: [
    fixtures.retailerGroup({
      projectSource: 'REM',
      data: [
        { retailerId: 4, retailerName: 'Amazon' },
        { retailerId: 7, retailerName: 'Walmart' },
      ],
    }),
    fixtures.retailerGroup({
      projectSource: 'MARKETSHARE',
      data: [{ retailerId: 9, retailerName: 'Target' }],
    }),
  ],
};

function retailersGateway() {
  return new FakeGateway()
    .on(remOmniOps.getRetailers, GROUPS)
    .on(metaOps.getRetailers, GROUPS)
    .install();
}

function namesClient() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return (flow: SetupFlow) => renderHook(() => useRetailerNames(flow), { wrapper });
}

describe("a flow's retailer names", () => {
  it('names every retailer by its id, over all groups', async () => {
    retailersGateway();
    const { result } = namesClient()(REM_OMNI_FLOW);
    await waitFor(() =>
      expect(result.current.data).toEqual(
        new Map([
          [4, 'Amazon'],
          [7, 'Walmart'],
          [9, 'Target'],
        ]),
      ),
    );
  });

  it("asks the Category Leaderboard's retailers, and a product's by its id", async () => {
    const gateway = retailersGateway();
    const render = namesClient();
    const remOmni = render(REM_OMNI_FLOW);
    const product = render(productFlow(7));
    await waitFor(() => expect(remOmni.result.current.data?.size).toBe(3));
    await waitFor(() => expect(product.result.current.data?.size).toBe(3));
    expect(gateway.bodiesOf(remOmniOps.getRetailers)).toEqual([{}]);
    expect(gateway.callsTo(metaOps.getRetailers).map((r) => r.query)).toEqual([{ productId: '7' }]);
  });

  it('is not asked again by a screen mounted within 10 minutes of its answer', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const gateway = retailersGateway();
    const render = namesClient();
    const calls = () => gateway.callsTo(remOmniOps.getRetailers).length;
    render(REM_OMNI_FLOW);
    await act(() => jest.advanceTimersByTimeAsync(599_900));
    render(REM_OMNI_FLOW);
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(calls()).toBe(1);
    await act(() => jest.advanceTimersByTimeAsync(200));
    render(REM_OMNI_FLOW);
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(calls()).toBe(2);
  });

  it('stops asking when the screen leaves before the answer', async () => {
    const gateway = retailersGateway();
    await expectAbortedOnLeave(
      () => namesClient()(REM_OMNI_FLOW),
      gateway.hold(remOmniOps.getRetailers),
    );
  });
});
