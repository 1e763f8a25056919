import { describe, expect, it } from '@jest/globals';
import { metaOps, remOmniOps } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FakeGateway } from '@test/fake-gateway';
import { screenTestHooks } from '@test/screen-hooks';
import { createQueryClient } from '../query-client';
import { productFlow, REM_OMNI_FLOW, type SetupFlow } from '../setup-flow';
import { useBrowseNodes } from './browse-nodes';
import { expectAbortedOnLeave } from '@test/abort-on-leave';

screenTestHooks();

const NODES = fixtures.browseNodesResponse();

function nodesGateway() {
  return new FakeGateway()
    .on(remOmniOps.browseNodes, NODES)
    .on(metaOps.browseNodes, NODES)
    .install();
}

function renderNodes(flow: SetupFlow, setupId: number, enabled?: boolean) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useBrowseNodes(flow, setupId, enabled), { wrapper });
}

describe("a setup's browse nodes", () => {
  it("asks the Category Leaderboard setup's nodes by its id", async () => {
    const gateway = nodesGateway();
    const { result } = renderNodes(REM_OMNI_FLOW, 12);
    await waitFor(() => expect(result.current.data).toEqual(NODES));
    expect(gateway.callsTo(remOmniOps.browseNodes).map((r) => [r.query, r.body])).toEqual([
      [{ setupId: '12' }, {}],
    ]);
  });

  it("asks a product setup's nodes by the product's own call", async () => {
    const gateway = nodesGateway();
    const { result } = renderNodes(productFlow(7), 12);
    await waitFor(() => expect(result.current.data).toEqual(NODES));
    expect(gateway.callsTo(metaOps.browseNodes).map((r) => r.query)).toEqual([{ setupId: '12' }]);
    expect(gateway.callsTo(remOmniOps.browseNodes)).toHaveLength(0);
  });

  it('asks nothing while the rows carry their nodes', async () => {
    const gateway = nodesGateway();
    const { result } = renderNodes(productFlow(7), 12, false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(gateway.requests).toHaveLength(0);
    expect(result.current.fetchStatus).toBe('idle');
  });

  it('stops asking when the screen leaves before the answer', async () => {
    const gateway = nodesGateway();
    await expectAbortedOnLeave(
      () => renderNodes(REM_OMNI_FLOW, 12),
      gateway.hold(remOmniOps.browseNodes),
    );
  });
});
