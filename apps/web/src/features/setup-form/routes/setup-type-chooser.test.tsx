import { describe, expect, it } from '@jest/globals';
import { productRegisterOps } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { screen, waitFor } from '@testing-library/react';
import { ROUTES } from '@/lib/routes';
import { failure, FakeGateway } from '@test/fake-gateway';
import { renderRoutes } from '@test/render-routes';
import { screenTestHooks } from '@test/screen-hooks';
import { Component as ProductSetupType } from './product-setup-type';
import { Component as RemOmniSelect } from './rem-omni-select';

const routes = [
  { path: ROUTES.remOmniAddNew.path, Component: RemOmniSelect },
  { path: ROUTES.productSetupType.path, Component: ProductSetupType },
  { path: ROUTES.remOmniProspect.path, element: <p>prospect form</p> },
  { path: ROUTES.remOmniClient.path, element: <p>client form</p> },
  { path: ROUTES.productProspect.path, element: <p>product prospect form</p> },
  { path: ROUTES.productClient.path, element: <p>product client form</p> },
];

screenTestHooks();

/** The gateway of the per-product chooser: product 3 is "Retail Media Insights". */
const productGateway = () =>
  new FakeGateway().on(productRegisterOps.productDetails, {
    productDetails: fixtures.product({ productId: 3, productName: 'Retail Media Insights' }),
  });

describe('the New Setup chooser', () => {
  it('leads to the prospect or the existing-client form', async () => {
    const { user, path } = renderRoutes(routes, '/rem_omni/select', new FakeGateway());
    expect(screen.getByRole('heading', { name: 'Add New Setup' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: /Existing Client/ }));
    await waitFor(() => expect(path()).toBe('/rem_omni/client'));
  });

  it('leads to the forms of the product in the per-product flow', async () => {
    const { user, path } = renderRoutes(routes, '/product/3/setup_type', productGateway());
    await user.click(screen.getByRole('link', { name: /Prospect/ }));
    await waitFor(() => expect(path()).toBe('/product/3/setup_type/prospect'));
  });

  it('names the product in the per-product flow', async () => {
    renderRoutes(routes, '/product/3/setup_type', productGateway());
    expect(await screen.findByText('Product: Retail Media Insights')).toBeVisible();
  });
  it('says a product that does not exist does not exist and leads to none of its forms', async () => {
    const gateway = new FakeGateway().on(
      productRegisterOps.productDetails,
      failure(404, 'Product 999999 does not exist'),
    );
    renderRoutes(routes, '/product/999999/setup_type', gateway);
    expect(await screen.findByText('This product does not exist.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Add New Setup' })).toBeVisible();
    expect(screen.queryByRole('link', { name: /Prospect/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Existing Client/ })).toBeNull();
    expect(gateway.requests.map((r) => r.op)).toEqual([productRegisterOps.productDetails.id]);
  });
});
