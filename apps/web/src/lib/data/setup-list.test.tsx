import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { metaOps, remOmniOps, type SetupRow } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FakeGateway, type GatewayRequest } from '@test/fake-gateway';
import { screenTestHooks } from '@test/screen-hooks';
import { createQueryClient } from '../query-client';
import { productFlow, REM_OMNI_FLOW, type SetupFlow } from '../setup-flow';
import {
  fetchSetupPage,
  invalidateSetupList,
  setupListKeys,
  updateCachedRows,
  useSetupPage,
  type SetupPageBody,
} from './setup-list';

screenTestHooks();

afterEach(() => {
  jest.useRealTimers();
});

const PAGE_1: SetupPageBody = { searchText: '', limit: 2, offset: 0 };
const PAGE_2: SetupPageBody = { searchText: '', limit: 2, offset: 2 };

/** Setups 1–4, two a page; setup 2 is still running. */
function pageOf(req: GatewayRequest): SetupRow[] {
  const { offset } = req.body as SetupPageBody;
  return [offset + 1, offset + 2].map((setupId) =>
    fixtures.setupRow({
      setupId,
      status: setupId === 2 ? 'IN_PROGRESS' : 'COMPLETED',
      totalRecords: 4,
    }),
  );
}

function listGateway() {
  const gateway = new FakeGateway()
    .on(remOmniOps.allSetup, pageOf)
    .on(metaOps.allSetup, pageOf)
    .install();
  return { gateway, calls: () => gateway.callsTo(remOmniOps.allSetup).length };
}

function listClient() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, wrapper };
}

const ids = (rows: SetupRow[] | undefined) => rows?.map((r) => r.setupId);
const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
const fakeTimers = () =>
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });

describe("the cache keys of a flow's setups list", () => {
  it('keep every shape read from the list under the flow’s list key', () => {
    expect(setupListKeys(REM_OMNI_FLOW)).toEqual({
      all: ['rem_omni', 'setupList'],
      pages: ['rem_omni', 'setupList', 'pages'],
      page: expect.any(Function),
      failureBoard: ['rem_omni', 'setupList', 'failureBoard'],
      prospects: ['rem_omni', 'setupList', 'prospects'],
    });
    expect(setupListKeys(REM_OMNI_FLOW).page(PAGE_2)).toEqual([
      'rem_omni',
      'setupList',
      'pages',
      PAGE_2,
    ]);
  });

  it("keep a product's list apart from the Category Leaderboard's", () => {
    expect(setupListKeys(productFlow(7)).all).toEqual(['meta', 7, 'setupList']);
    expect(setupListKeys(productFlow(7)).page(PAGE_1)).toEqual([
      'meta',
      7,
      'setupList',
      'pages',
      PAGE_1,
    ]);
  });
});

describe('one page of setups', () => {
  it("asks the Category Leaderboard's page with the page alone", async () => {
    const { gateway } = listGateway();
    const rows = await fetchSetupPage(REM_OMNI_FLOW, PAGE_2);
    expect(ids(rows)).toEqual([3, 4]);
    expect(gateway.bodiesOf(remOmniOps.allSetup)).toEqual([PAGE_2]);
  });

  it("asks a product's page with its productId", async () => {
    const { gateway } = listGateway();
    await fetchSetupPage(productFlow(7), PAGE_1);
    expect(gateway.bodiesOf(metaOps.allSetup)).toEqual([{ ...PAGE_1, productId: 7 }]);
  });

  it('shows the rows of the page asked', async () => {
    listGateway();
    const { wrapper } = listClient();
    const { result } = renderHook(() => useSetupPage(REM_OMNI_FLOW, PAGE_1), { wrapper });
    await waitFor(() => expect(ids(result.current.data)).toEqual([1, 2]));
  });

  it('asks nothing while it is off (the list reads the fleet snapshot)', async () => {
    const { calls } = listGateway();
    const { wrapper } = listClient();
    const { result } = renderHook(() => useSetupPage(REM_OMNI_FLOW, PAGE_1, false, false), {
      wrapper,
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls()).toBe(0);
    expect(result.current.data).toBeUndefined();
  });

  it('keeps the last page shown while the next one loads', async () => {
    const { gateway } = listGateway();
    const { wrapper } = listClient();
    const { result, rerender } = renderHook(
      ({ body }: { body: SetupPageBody }) => useSetupPage(REM_OMNI_FLOW, body),
      { wrapper, initialProps: { body: PAGE_1 } },
    );
    await waitFor(() => expect(ids(result.current.data)).toEqual([1, 2]));
    const release = gateway.hold(remOmniOps.allSetup);
    rerender({ body: PAGE_2 });
    expect(ids(result.current.data)).toEqual([1, 2]);
    expect(result.current.isPlaceholderData).toBe(true);
    release();
    await waitFor(() => expect(ids(result.current.data)).toEqual([3, 4]));
  });

  it('is not asked again by a screen mounted within 5 s of its answer', async () => {
    fakeTimers();
    const { calls } = listGateway();
    const { wrapper } = listClient();
    renderHook(() => useSetupPage(REM_OMNI_FLOW, PAGE_1), { wrapper });
    await advance(4_900);
    renderHook(() => useSetupPage(REM_OMNI_FLOW, PAGE_1), { wrapper });
    await advance(0);
    expect(calls()).toBe(1);
    await advance(200);
    renderHook(() => useSetupPage(REM_OMNI_FLOW, PAGE_1), { wrapper });
    await advance(0);
    expect(calls()).toBe(2);
  });

  it('is not asked again on a timer unless the screen says so', async () => {
    fakeTimers();
    const { calls } = listGateway();
    const { wrapper } = listClient();
    renderHook(() => useSetupPage(REM_OMNI_FLOW, PAGE_1), { wrapper });
    await advance(120_000);
    expect(calls()).toBe(1);
  });

  it('is asked again at the interval the screen gives', async () => {
    fakeTimers();
    const { calls } = listGateway();
    const { wrapper } = listClient();
    renderHook(() => useSetupPage(REM_OMNI_FLOW, PAGE_1, 10_000), { wrapper });
    await advance(9_900);
    expect(calls()).toBe(1);
    await advance(200);
    expect(calls()).toBe(2);
  });

  it('is asked again while the screen’s rule, given the rows shown, says so', async () => {
    fakeTimers();
    const { calls } = listGateway();
    const { wrapper } = listClient();
    const seen: (number[] | undefined)[] = [];
    const whileRunning = (rows: SetupRow[] | undefined) => {
      seen.push(ids(rows));
      return rows?.some((r) => r.status === 'IN_PROGRESS') ? 10_000 : false;
    };
    const { rerender } = renderHook(
      ({ body }: { body: SetupPageBody }) => useSetupPage(REM_OMNI_FLOW, body, whileRunning),
      { wrapper, initialProps: { body: PAGE_1 } },
    );
    await advance(10_100);
    expect(calls()).toBe(2);
    expect(seen).toContainEqual([1, 2]);
    rerender({ body: PAGE_2 });
    await advance(0);
    await advance(30_000);
    expect(calls()).toBe(3);
  });
});

describe('changing cached rows after an action', () => {
  /** Two cached pages of each flow, the board and the name candidates. */
  function seeded(): QueryClient {
    const queryClient = createQueryClient();
    for (const flow of [REM_OMNI_FLOW, productFlow(7)]) {
      const keys = setupListKeys(flow);
      queryClient.setQueryData(keys.page(PAGE_1), [fixtures.setupRow({ setupId: 1 })]);
      queryClient.setQueryData(keys.page(PAGE_2), [fixtures.setupRow({ setupId: 3 })]);
      queryClient.setQueryData(keys.failureBoard, fixtures.fleetFailures());
      queryClient.setQueryData(keys.prospects, [{ clientId: 1, name: 'acme foods' }]);
    }
    return queryClient;
  }
  const statusesOf = (queryClient: QueryClient, flow: SetupFlow) =>
    [PAGE_1, PAGE_2].map((body) =>
      queryClient.getQueryData<SetupRow[]>(setupListKeys(flow).page(body))?.map((r) => r.status),
    );

  it("changes the rows of every cached page of the flow, and only the flow's pages", () => {
    const queryClient = seeded();
    const board = queryClient.getQueryData(setupListKeys(REM_OMNI_FLOW).failureBoard);
    updateCachedRows(queryClient, REM_OMNI_FLOW, (row) => ({ ...row, status: 'NOT_STARTED' }));
    expect(statusesOf(queryClient, REM_OMNI_FLOW)).toEqual([['NOT_STARTED'], ['NOT_STARTED']]);
    expect(statusesOf(queryClient, productFlow(7))).toEqual([['COMPLETED'], ['COMPLETED']]);
    expect(queryClient.getQueryData(setupListKeys(REM_OMNI_FLOW).failureBoard)).toBe(board);
  });

  it('leaves a page that has not answered yet as it is', () => {
    const queryClient = createQueryClient();
    queryClient.getQueryCache().build(queryClient, {
      queryKey: setupListKeys(REM_OMNI_FLOW).page(PAGE_1),
    });
    expect(() => updateCachedRows(queryClient, REM_OMNI_FLOW, (row) => row)).not.toThrow();
    expect(queryClient.getQueryData(setupListKeys(REM_OMNI_FLOW).page(PAGE_1))).toBeUndefined();
  });

  it("reloads every shape read from the flow's list, and no other flow's", async () => {
    const queryClient = seeded();
    await invalidateSetupList(queryClient, REM_OMNI_FLOW);
    const invalidated = (flow: SetupFlow) => {
      const keys = setupListKeys(flow);
      return [keys.page(PAGE_1), keys.page(PAGE_2), keys.failureBoard, keys.prospects].map(
        (key) => queryClient.getQueryState(key)?.isInvalidated,
      );
    };
    expect(invalidated(REM_OMNI_FLOW)).toEqual([true, true, true, true]);
    expect(invalidated(productFlow(7))).toEqual([false, false, false, false]);
  });
});
