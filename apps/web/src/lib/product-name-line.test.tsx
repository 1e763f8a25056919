import { describe, expect, it } from '@jest/globals';
import { productRegisterOps } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { FakeGateway } from '@test/fake-gateway';
import { screenTestHooks } from '@test/screen-hooks';
import { ProductNameLine } from './product-name-line';
import { createQueryClient } from './query-client';

screenTestHooks();

/** The line for `productId`, with the product's details answered by `gateway`. */
function renderLine(productId: number | null, gateway: FakeGateway) {
  gateway.install();
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <p>Step Details</p>
      <ProductNameLine productId={productId} />
    </QueryClientProvider>,
  );
}

const productGateway = () =>
  new FakeGateway().on(productRegisterOps.productDetails, {
    productDetails: fixtures.product({ productId: 7, productName: 'Digital Shelf' }),
  });

describe("the per-product screen's product line", () => {
  it('names the product once it is known, in the tab title too', async () => {
    renderLine(7, productGateway());
    expect(await screen.findByText('Product: Digital Shelf')).toBeVisible();
    expect(document.title).toBe('Digital Shelf · Onboarding Console');
  });

  it('shows nothing while the product is asked', async () => {
    const gateway = productGateway();
    const release = gateway.hold(productRegisterOps.productDetails);
    const { container } = renderLine(7, gateway);
    await waitFor(() => expect(gateway.callsTo(productRegisterOps.productDetails)).toHaveLength(1));
    expect(container).toHaveTextContent(/^Step Details$/);
    release();
    expect(await screen.findByText('Product: Digital Shelf')).toBeVisible();
  });

  it('shows nothing on a screen without a product', () => {
    const { container } = renderLine(null, new FakeGateway());
    expect(container).toHaveTextContent(/^Step Details$/);
    expect(screen.queryByTestId('product-name')).toBeNull();
  });
});
