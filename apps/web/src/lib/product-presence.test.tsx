import { describe, expect, it } from '@jest/globals';
import { productRegisterOps } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { failure, FakeGateway } from '@test/fake-gateway';
import { screenTestHooks } from '@test/screen-hooks';
import { ProductNotFound, useProductPresence } from './product-presence';
import { createQueryClient } from './query-client';

screenTestHooks();

const PRODUCT = fixtures.product({ productId: 7, productName: 'Digital Shelf' });

/** The presence of `productId`, its details answered by `gateway`. */
function presence(productId: number | null, gateway: FakeGateway) {
  gateway.install();
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useProductPresence(productId), { wrapper }).result;
}

const answered = (answer: unknown) =>
  new FakeGateway().on(productRegisterOps.productDetails, answer);

describe("a per-product screen's product", () => {
  it('is settled and present once its details are found', async () => {
    const result = presence(7, answered({ productDetails: PRODUCT }));
    await waitFor(() => expect(result.current.settled).toBe(true));
    expect(result.current.missing).toBe(false);
    expect(result.current.product.data).toEqual(PRODUCT);
  });

  it('is neither settled nor missing while its details are asked', async () => {
    const gateway = answered({ productDetails: PRODUCT });
    const release = gateway.hold(productRegisterOps.productDetails);
    const result = presence(7, gateway);
    await waitFor(() => expect(gateway.callsTo(productRegisterOps.productDetails)).toHaveLength(1));
    expect(result.current).toMatchObject({ missing: false, settled: false });
    release();
    await waitFor(() => expect(result.current.settled).toBe(true));
  });

  it('is missing, and not settled, once its details answer 404', async () => {
    const result = presence(404, answered(failure(404, 'Product not found')));
    await waitFor(() => expect(result.current.missing).toBe(true));
    expect(result.current.settled).toBe(false);
  });

  it('is settled, not missing, once its details fail another way', async () => {
    const result = presence(7, answered(failure(502, 'Upstream failed')));
    await waitFor(() => expect(result.current.product.isError).toBe(true));
    expect(result.current).toMatchObject({ missing: false, settled: true });
  });

  it('is settled at once on a screen without a product, asking nothing', () => {
    const gateway = new FakeGateway();
    const result = presence(null, gateway);
    expect(result.current).toMatchObject({ missing: false, settled: true });
    expect(gateway.callsTo(productRegisterOps.productDetails)).toHaveLength(0);
  });
});

describe('the place of a product that does not exist', () => {
  it('says so as an error', () => {
    render(<ProductNotFound />);
    expect(screen.getByRole('alert')).toHaveTextContent('This product does not exist.');
  });
});
