import { describe, expect, it } from '@jest/globals';
import { productRegisterOps } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FakeGateway } from '@test/fake-gateway';
import { screenTestHooks } from '@test/screen-hooks';
import { createQueryClient } from '../query-client';
import { stepListKey, useStepList } from './step-list';
import { expectAbortedOnLeave } from '@test/abort-on-leave';

screenTestHooks();

const STEPS = [
  fixtures.step({ stepId: 11, stepOrder: 1 }),
  fixtures.step({ stepId: 12, stepOrder: 2, stepName: 'analytics' }),
];

function stepsGateway() {
  const gateway = new FakeGateway().on(productRegisterOps.stepList, { steps: STEPS }).install();
  return { gateway, calls: () => gateway.callsTo(productRegisterOps.stepList) };
}

function renderSteps(productId: number | null) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, ...renderHook(() => useStepList(productId), { wrapper }) };
}

describe("a product's workflow steps", () => {
  it('asks the steps by the product id and gives the steps themselves', async () => {
    const { calls } = stepsGateway();
    const { result, queryClient } = renderSteps(7);
    await waitFor(() => expect(result.current.data).toEqual(STEPS));
    expect(calls().map((r) => [r.query, r.body])).toEqual([[{ productId: '7' }, {}]]);
    expect(stepListKey(7)).toEqual(['product_register.stepList', 7]);
    expect(queryClient.getQueryData(stepListKey(7))).toEqual(STEPS);
  });

  it('asks nothing while the product id is unknown', async () => {
    const { calls } = stepsGateway();
    const { result } = renderSteps(null);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls()).toHaveLength(0);
    expect(result.current.fetchStatus).toBe('idle');
  });

  it('stops asking when the screen leaves before the answer', async () => {
    const { gateway } = stepsGateway();
    await expectAbortedOnLeave(() => renderSteps(7), gateway.hold(productRegisterOps.stepList));
  });
});
