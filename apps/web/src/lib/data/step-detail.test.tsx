import { describe, expect, it } from '@jest/globals';
import { productRegisterOps } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FakeGateway } from '@test/fake-gateway';
import { screenTestHooks } from '@test/screen-hooks';
import { createQueryClient } from '../query-client';
import { stepDetailKey, useStepDetail } from './step-detail';
import { expectAbortedOnLeave } from '@test/abort-on-leave';

screenTestHooks();

const STEP = fixtures.step({ stepId: 11, stepName: 'crawl_keywords' });

function stepGateway() {
  const gateway = new FakeGateway()
    .on(productRegisterOps.stepDetail, { stepDetail: STEP })
    .install();
  return { gateway, calls: () => gateway.callsTo(productRegisterOps.stepDetail) };
}

function renderStep(stepId: number | null) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, ...renderHook(() => useStepDetail(stepId), { wrapper }) };
}

describe('one step of a product', () => {
  it('asks the step by its id and gives the step itself', async () => {
    const { calls } = stepGateway();
    const { result, queryClient } = renderStep(11);
    await waitFor(() => expect(result.current.data).toEqual(STEP));
    expect(calls().map((r) => [r.query, r.body])).toEqual([[{ stepId: '11' }, {}]]);
    expect(stepDetailKey(11)).toEqual(['product_register.stepDetail', 11]);
    expect(queryClient.getQueryData(stepDetailKey(11))).toEqual(STEP);
  });

  it('asks nothing while there is no step id', async () => {
    const { calls } = stepGateway();
    const { result } = renderStep(null);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls()).toHaveLength(0);
    expect(result.current.fetchStatus).toBe('idle');
  });

  it('stops asking when the screen leaves before the answer', async () => {
    const { gateway } = stepGateway();
    await expectAbortedOnLeave(() => renderStep(11), gateway.hold(productRegisterOps.stepDetail));
  });
});
