import { describe, expect, it } from '@jest/globals';
import { productRegisterOps } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FakeGateway } from '@test/fake-gateway';
import { screenTestHooks } from '@test/screen-hooks';
import { createQueryClient } from '../query-client';
import { productListKey, useProductList } from './product-list';
import { expectAbortedOnLeave } from '@test/abort-on-leave';

screenTestHooks();

const PRODUCTS = [
  fixtures.product({ productId: 7, productName: 'Digital Shelf' }),
  fixtures.product({ productId: 8, productName: 'Search Share' }),
];

function productsGateway() {
  const gateway = new FakeGateway()
    .on(productRegisterOps.productList, { products: PRODUCTS })
    .install();
  return { gateway, calls: () => gateway.callsTo(productRegisterOps.productList) };
}

function renderProducts() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, ...renderHook(() => useProductList(), { wrapper }) };
}

describe('every registered product', () => {
  it('asks the products with an empty body and gives the products themselves', async () => {
    const { calls } = productsGateway();
    const { result } = renderProducts();
    await waitFor(() => expect(result.current.data).toEqual(PRODUCTS));
    expect(calls().map((r) => r.body)).toEqual([{}]);
  });

  it('is kept under the key a registered or changed product invalidates', async () => {
    productsGateway();
    const { result, queryClient } = renderProducts();
    await waitFor(() => expect(result.current.data).toEqual(PRODUCTS));
    expect(productListKey).toEqual(['product_register.productList']);
    expect(queryClient.getQueryData(productListKey)).toEqual(PRODUCTS);
  });

  it('stops asking when the screen leaves before the answer', async () => {
    const { gateway } = productsGateway();
    await expectAbortedOnLeave(
      () => renderProducts(),
      gateway.hold(productRegisterOps.productList),
    );
  });
});
