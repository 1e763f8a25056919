import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { productRegisterOps } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FakeGateway } from '@test/fake-gateway';
import { screenTestHooks } from '@test/screen-hooks';
import { createQueryClient } from '../query-client';
import { productDetailsKey, useProductDetails } from './product-details';
import { expectAbortedOnLeave } from '@test/abort-on-leave';

screenTestHooks();

afterEach(() => {
  jest.useRealTimers();
});

const PRODUCT = fixtures.product({ productId: 7, productName: 'Digital Shelf' });

function productGateway() {
  const gateway = new FakeGateway()
    .on(productRegisterOps.productDetails, { productDetails: PRODUCT })
    .install();
  return { gateway, calls: () => gateway.callsTo(productRegisterOps.productDetails) };
}

function productClient() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const render = (productId: number | null) =>
    renderHook(() => useProductDetails(productId), { wrapper });
  return { queryClient, render };
}

describe("a product's details", () => {
  it('asks the product by its id and gives the product itself', async () => {
    const { calls } = productGateway();
    const { result } = productClient().render(7);
    await waitFor(() => expect(result.current.data).toEqual(PRODUCT));
    expect(calls().map((r) => [r.query, r.body])).toEqual([[{ productId: '7' }, {}]]);
  });

  it('asks nothing while there is no product id', async () => {
    const { calls } = productGateway();
    const { result } = productClient().render(null);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls()).toHaveLength(0);
    expect(result.current.fetchStatus).toBe('idle');
  });

  it('is kept under its own key, which a change to the product invalidates', async () => {
    productGateway();
    const { queryClient, render } = productClient();
    const { result } = render(7);
    await waitFor(() => expect(result.current.data).toEqual(PRODUCT));
    expect(productDetailsKey(7)).toEqual(['product_register.productDetails', 7]);
    expect(queryClient.getQueryData(productDetailsKey(7))).toEqual(PRODUCT);
  });

  it('is not asked again by a screen mounted within a minute of its answer', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const { calls } = productGateway();
    const { render } = productClient();
    render(7);
    await act(() => jest.advanceTimersByTimeAsync(59_900));
    render(7);
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(calls()).toHaveLength(1);
    await act(() => jest.advanceTimersByTimeAsync(200));
    render(7);
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(calls()).toHaveLength(2);
  });

  it('stops asking when the screen leaves before the answer', async () => {
    const { gateway } = productGateway();
    await expectAbortedOnLeave(
      () => productClient().render(7),
      gateway.hold(productRegisterOps.productDetails),
    );
  });
});
