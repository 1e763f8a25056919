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
import { setupDetailsQuery, useSetupDetails } from './setup-details';
import { expectAbortedOnLeave } from '@test/abort-on-leave';

screenTestHooks();

const DETAILS = fixtures.setupDetails();

function detailsGateway() {
  const gateway = new FakeGateway()
    .on(remOmniOps.setupDetails, DETAILS)
    .on(metaOps.setupDetails, DETAILS)
    .install();
  return gateway;
}

function renderDetails(flow: SetupFlow, setupId: number) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, ...renderHook(() => useSetupDetails(flow, setupId), { wrapper }) };
}

describe("a setup's details", () => {
  it("asks the Category Leaderboard setup's details by its id", async () => {
    const gateway = detailsGateway();
    const { result } = renderDetails(REM_OMNI_FLOW, 12);
    await waitFor(() => expect(result.current.data).toEqual(DETAILS));
    expect(gateway.bodiesOf(remOmniOps.setupDetails)).toEqual([{ setupId: 12 }]);
  });

  it("asks a product setup's details by the product's own call", async () => {
    const gateway = detailsGateway();
    const { result } = renderDetails(productFlow(7), 12);
    await waitFor(() => expect(result.current.data).toEqual(DETAILS));
    expect(gateway.bodiesOf(metaOps.setupDetails)).toEqual([{ setupId: 12 }]);
    expect(gateway.callsTo(remOmniOps.setupDetails)).toHaveLength(0);
  });

  it("shares the edit form's answer: one setup of one flow, one key", async () => {
    detailsGateway();
    const { result, queryClient } = renderDetails(productFlow(7), 12);
    await waitFor(() => expect(result.current.data).toEqual(DETAILS));
    expect(queryClient.getQueryData(setupDetailsQuery(productFlow(7), 12).queryKey)).toEqual(
      DETAILS,
    );
    expect(setupDetailsQuery(productFlow(7), 12).queryKey).toEqual(['meta', 7, 'setupDetails', 12]);
    expect(queryClient.getQueryData(setupDetailsQuery(REM_OMNI_FLOW, 12).queryKey)).toBeUndefined();
  });

  it('stops asking when the screen leaves before the answer', async () => {
    const gateway = detailsGateway();
    await expectAbortedOnLeave(
      () => renderDetails(REM_OMNI_FLOW, 12),
      gateway.hold(remOmniOps.setupDetails),
    );
  });
});
