import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { watchOps, type WatchedSetup } from '@onboarding/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FakeGateway, type GatewayRequest } from '@test/fake-gateway';
import { screenTestHooks } from '@test/screen-hooks';
import { createQueryClient } from '../query-client';
import { isWatched, setWatching, useWatchedSetups } from './watch-watched';
import { expectAbortedOnLeave } from '@test/abort-on-leave';

screenTestHooks();

afterEach(() => {
  jest.useRealTimers();
});

const ACME: WatchedSetup = { flow: 'rem_omni', productId: null, setupId: 101 };
const BIRCH: WatchedSetup = { flow: 'meta', productId: 7, setupId: 102 };

/** The operator's watched setups as the gateway keeps them (ACME at first). */
function watchGateway() {
  let watched: WatchedSetup[] = [ACME];
  const gateway = new FakeGateway()
    .on(watchOps.watched, () => ({ watched }))
    .on(watchOps.watch, ({ body }: GatewayRequest) => {
      watched = [...watched, body as WatchedSetup];
      return { watched };
    })
    .on(watchOps.unwatch, ({ params }: GatewayRequest) => {
      watched = watched.filter((w) => w.setupId !== Number(params.setupId));
      return { watched };
    })
    .install();
  return { gateway, reads: () => gateway.callsTo(watchOps.watched).length };
}

function watchClient() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const render = (enabled?: boolean) => renderHook(() => useWatchedSetups(enabled), { wrapper });
  return { queryClient, render };
}

describe('whether a setup is watched', () => {
  it('is watched when the same flow, product and setup is in the list', () => {
    expect(isWatched([BIRCH, ACME], { ...ACME })).toBe(true);
    expect(isWatched([BIRCH], { flow: 'meta', productId: 7, setupId: 102 })).toBe(true);
  });

  it.each([
    ['another setup', { ...ACME, setupId: 102 }],
    ["another product's setup of the same id", { ...BIRCH, productId: 8 }],
    ['the same id in the other flow', { flow: 'meta', productId: null, setupId: 101 }],
  ] as const)('is not watched for %s', (_name, setup) => {
    expect(isWatched([ACME, BIRCH], setup as WatchedSetup)).toBe(false);
  });

  it('is not watched before the list has answered, nor in an empty list', () => {
    expect(isWatched(undefined, ACME)).toBe(false);
    expect(isWatched([], ACME)).toBe(false);
  });
});

describe("the operator's watched setups", () => {
  it('lists the setups the operator watches', async () => {
    watchGateway();
    const { result } = watchClient().render();
    await waitFor(() => expect(result.current.data?.watched).toEqual([ACME]));
  });

  it('asks nothing while off', async () => {
    const { reads } = watchGateway();
    const { result } = watchClient().render(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads()).toBe(0);
    expect(result.current.data).toBeUndefined();
  });

  it('is not asked again by a screen mounted within a minute of its answer', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const { reads } = watchGateway();
    const { render } = watchClient();
    render();
    await act(() => jest.advanceTimersByTimeAsync(59_900));
    render();
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(reads()).toBe(1);
    await act(() => jest.advanceTimersByTimeAsync(200));
    render();
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(reads()).toBe(2);
  });

  it('watches a setup, showing the list the gateway answers without asking it again', async () => {
    const { gateway, reads } = watchGateway();
    const { queryClient, render } = watchClient();
    const { result } = render();
    await waitFor(() => expect(result.current.data?.watched).toEqual([ACME]));
    await act(async () => {
      await expect(setWatching(queryClient, BIRCH, true)).resolves.toEqual({
        watched: [ACME, BIRCH],
      });
    });
    await waitFor(() => expect(result.current.data?.watched).toEqual([ACME, BIRCH]));
    expect(gateway.bodiesOf(watchOps.watch)).toEqual([BIRCH]);
    expect(gateway.callsTo(watchOps.unwatch)).toHaveLength(0);
    expect(reads()).toBe(1);
  });

  it('stops watching a setup by id and flow, showing the list the gateway answers', async () => {
    const { gateway, reads } = watchGateway();
    const { queryClient, render } = watchClient();
    const { result } = render();
    await waitFor(() => expect(result.current.data?.watched).toEqual([ACME]));
    await act(() => setWatching(queryClient, BIRCH, true));
    await act(async () => {
      await expect(setWatching(queryClient, BIRCH, false)).resolves.toEqual({ watched: [ACME] });
    });
    await waitFor(() => expect(result.current.data?.watched).toEqual([ACME]));
    expect(gateway.callsTo(watchOps.unwatch).map((r) => [r.method, r.path, r.query])).toEqual([
      ['DELETE', '/api/watch/watched/102', { flow: 'meta', productId: '7' }],
    ]);
    expect(reads()).toBe(1);
  });

  it("stops watching a Category Leaderboard setup by the flow's name", async () => {
    const { gateway } = watchGateway();
    await setWatching(watchClient().queryClient, ACME, false);
    expect(gateway.callsTo(watchOps.unwatch).map((r) => r.query)).toEqual([{ flow: 'rem_omni' }]);
  });

  it('stops asking when the screen leaves before the answer', async () => {
    const { gateway } = watchGateway();
    await expectAbortedOnLeave(() => watchClient().render(), gateway.hold(watchOps.watched));
  });
});
