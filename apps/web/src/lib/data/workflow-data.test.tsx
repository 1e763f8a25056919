import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { metaOps, remOmniOps, type WorkflowEntry } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { focusManager, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FakeGateway } from '@test/fake-gateway';
import { screenTestHooks } from '@test/screen-hooks';
import { createQueryClient } from '../query-client';
import { productFlow, REM_OMNI_FLOW, type SetupFlow } from '../setup-flow';
import { isWorkflowRunning, useWorkflowData } from './workflow-data';
import { expectAbortedOnLeave } from '@test/abort-on-leave';

screenTestHooks();

const step = (stepName: string, status: string): WorkflowEntry =>
  fixtures.workflowEntry({ stepName, status });

describe('whether a workflow is still running', () => {
  it('is running while some step is neither completed nor failed', () => {
    for (const status of ['not_started', 'started', 'in_progress']) {
      expect({
        status,
        running: isWorkflowRunning([step('a', 'completed'), step('b', status)]),
      }).toEqual({ status, running: true });
    }
  });

  it('is done once every step is completed or failed, whatever the case', () => {
    expect(isWorkflowRunning([step('a', 'completed'), step('b', 'failed')])).toBe(false);
    expect(isWorkflowRunning([step('a', 'COMPLETED'), step('b', 'Failed')])).toBe(false);
  });

  it('is not running with no steps', () => {
    expect(isWorkflowRunning([])).toBe(false);
  });
});

describe("a setup's live workflow", () => {
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  });
  afterEach(() => {
    focusManager.setFocused(undefined);
    jest.useRealTimers();
  });

  const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

  /** The workflow of setup 12, its analytics step in the status the test sets. */
  function workflowGateway() {
    let status = 'in_progress';
    const answer = () => ({
      currentWorkflow: [step('crawling', 'completed'), step('analytics', status)],
      historyWorkflow: [],
    });
    const gateway = new FakeGateway()
      .on(remOmniOps.worflowData, answer)
      .on(metaOps.workflowData, answer)
      .install();
    return {
      gateway,
      calls: () => gateway.callsTo(remOmniOps.worflowData).length,
      setStatus: (next: string) => {
        status = next;
      },
    };
  }

  function renderWorkflow(flow: SetupFlow) {
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    return renderHook(() => useWorkflowData(flow, 12), { wrapper });
  }

  it("asks the setup's workflow by the flow's own call", async () => {
    const { gateway } = workflowGateway();
    const remOmni = renderWorkflow(REM_OMNI_FLOW);
    renderWorkflow(productFlow(7));
    await advance(0);
    expect(remOmni.result.current.data?.currentWorkflow).toHaveLength(2);
    expect(gateway.bodiesOf(remOmniOps.worflowData)).toEqual([{ setupId: 12 }]);
    expect(gateway.bodiesOf(metaOps.workflowData)).toEqual([{ setupId: 12 }]);
  });

  it('asks again every 10 s while a step runs, and no more once every step is done', async () => {
    const { calls, setStatus } = workflowGateway();
    renderWorkflow(REM_OMNI_FLOW);
    await advance(9_900);
    expect(calls()).toBe(1);
    await advance(200);
    expect(calls()).toBe(2);
    setStatus('failed');
    await advance(10_000);
    expect(calls()).toBe(3);
    await advance(60_000);
    expect(calls()).toBe(3);
  });

  it('pauses while the tab is hidden', async () => {
    const { calls } = workflowGateway();
    renderWorkflow(REM_OMNI_FLOW);
    await advance(0);
    act(() => focusManager.setFocused(false));
    await advance(25_000);
    expect(calls()).toBe(1);
  });

  it('stops asking when the screen leaves before the answer', async () => {
    const { gateway } = workflowGateway();
    await expectAbortedOnLeave(
      () => renderWorkflow(REM_OMNI_FLOW),
      gateway.hold(remOmniOps.worflowData),
      () => advance(0),
    );
  });
});
