import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { viewsOps } from '@onboarding/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FakeGateway } from '@test/fake-gateway';
import { screenTestHooks } from '@test/screen-hooks';
import { savedView, withSavedViews } from '@test/views';
import { createQueryClient } from '../query-client';
import { productFlow, REM_OMNI_FLOW, type SetupFlow } from '../setup-flow';
import { createView, invalidateViews, removeView, updateView, useViews } from './views';
import { expectAbortedOnLeave } from '@test/abort-on-leave';

screenTestHooks();

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
});
afterEach(() => {
  jest.useRealTimers();
});

const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

/** The operator's views: one of the Category Leaderboard, one of product 7. */
function viewsGateway() {
  const gateway = new FakeGateway();
  const views = withSavedViews(
    gateway,
    [
      savedView({ name: 'Failed at STI' }),
      savedView({ name: 'Slow on Amazon', flow: 'meta', productId: 7, filters: { slow: true } }),
    ],
    () => 3,
  );
  gateway.install();
  return { gateway, views, asked: () => gateway.callsTo(viewsOps.list).map((r) => r.query) };
}

function viewsClient() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const render = (flow: SetupFlow) => renderHook(() => useViews(flow), { wrapper });
  return { queryClient, render };
}

describe("a flow's saved views", () => {
  it("lists the Category Leaderboard's views with their counts", async () => {
    const { asked } = viewsGateway();
    const { result } = viewsClient().render(REM_OMNI_FLOW);
    await advance(0);
    expect(result.current.data?.views.map((v) => [v.name, v.count])).toEqual([
      ['Failed at STI', 3],
    ]);
    expect(asked()).toEqual([{ flow: 'rem_omni' }]);
  });

  it("lists a product's views apart from the Category Leaderboard's", async () => {
    const { asked } = viewsGateway();
    const { render } = viewsClient();
    const remOmni = render(REM_OMNI_FLOW);
    const product = render(productFlow(7));
    await advance(0);
    expect(remOmni.result.current.data?.views.map((v) => v.name)).toEqual(['Failed at STI']);
    expect(product.result.current.data?.views.map((v) => v.name)).toEqual(['Slow on Amazon']);
    expect(asked()).toEqual([{ flow: 'rem_omni' }, { flow: 'meta', productId: '7' }]);
  });

  it('asks again each minute while shown, as the counts follow the snapshot', async () => {
    const { asked } = viewsGateway();
    viewsClient().render(REM_OMNI_FLOW);
    await advance(59_900);
    expect(asked()).toHaveLength(1);
    await advance(200);
    expect(asked()).toHaveLength(2);
  });

  it('is not asked again by a screen mounted within 5 s of its answer', async () => {
    const { asked } = viewsGateway();
    const { render } = viewsClient();
    render(REM_OMNI_FLOW);
    await advance(4_900);
    render(REM_OMNI_FLOW);
    await advance(0);
    expect(asked()).toHaveLength(1);
    await advance(200);
    render(REM_OMNI_FLOW);
    await advance(0);
    expect(asked()).toHaveLength(2);
  });

  it("reloads every flow's views after a write", async () => {
    const { asked } = viewsGateway();
    const { queryClient, render } = viewsClient();
    render(REM_OMNI_FLOW);
    render(productFlow(7));
    await advance(0);
    await act(() => invalidateViews(queryClient));
    expect(asked()).toHaveLength(4);
  });

  it('leaves every other answer as fresh as it was after a write', async () => {
    viewsGateway();
    const { queryClient, render } = viewsClient();
    render(REM_OMNI_FLOW);
    queryClient.setQueryData(['setups'], []);
    await advance(0);
    await act(() => invalidateViews(queryClient));
    expect(queryClient.getQueryState(['setups'])?.isInvalidated).toBe(false);
  });

  it('stops asking when the screen leaves before the answer', async () => {
    const { gateway } = viewsGateway();
    await expectAbortedOnLeave(
      () => viewsClient().render(REM_OMNI_FLOW),
      gateway.hold(viewsOps.list),
      () => advance(0),
    );
  });
});

describe('writing a saved view', () => {
  it("saves the Category Leaderboard's filters under a name", async () => {
    const { gateway } = viewsGateway();
    const view = await createView(REM_OMNI_FLOW, {
      name: 'Failed on Walmart',
      filters: { status: ['FAILED'], retailer: [7] },
      pinned: true,
    });
    expect(view).toMatchObject({ name: 'Failed on Walmart', flow: 'rem_omni', pinned: true });
    expect(gateway.bodiesOf(viewsOps.create)).toEqual([
      {
        name: 'Failed on Walmart',
        filters: { status: ['FAILED'], retailer: [7] },
        pinned: true,
        flow: 'rem_omni',
        productId: null,
      },
    ]);
  });

  it("saves a product's filters with its id", async () => {
    const { gateway } = viewsGateway();
    await createView(productFlow(7), {
      name: 'Prospects',
      filters: { prospect: true },
      pinned: false,
    });
    expect(gateway.bodiesOf(viewsOps.create)).toEqual([
      { name: 'Prospects', filters: { prospect: true }, pinned: false, flow: 'meta', productId: 7 },
    ]);
  });

  it('renames or pins a view by its id', async () => {
    const { gateway, views } = viewsGateway();
    const id = views[0]!.id;
    await expect(updateView(id, { name: 'STI failures', pinned: true })).resolves.toMatchObject({
      id,
      name: 'STI failures',
      pinned: true,
    });
    expect(gateway.callsTo(viewsOps.update).map((r) => [r.method, r.params, r.body])).toEqual([
      ['PUT', { id }, { name: 'STI failures', pinned: true }],
    ]);
  });

  it('deletes a view by its id', async () => {
    const { gateway, views } = viewsGateway();
    const id = views[1]!.id;
    await expect(removeView(id)).resolves.toEqual({ id });
    expect(gateway.callsTo(viewsOps.remove).map((r) => [r.method, r.params])).toEqual([
      ['DELETE', { id }],
    ]);
    expect(views.map((v) => v.name)).toEqual(['Failed at STI']);
  });
});
