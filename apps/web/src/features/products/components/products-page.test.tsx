import { describe, expect, it } from '@jest/globals';
import { productRegisterOps } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { failure } from '@test/fake-gateway';
import { screenTestHooks } from '@test/screen-hooks';
import { RegistryGateway } from '../testing/registry-gateway';
import { renderProductScreens } from '../testing/render';

const products = [
  fixtures.product({ productId: 1, productName: 'Digital Shelf Analytics' }),
  fixtures.product({ productId: 2, productName: 'Retail Media Insights' }),
  fixtures.product({ productId: 3, productName: 'Share of Search' }),
];

let gateway: RegistryGateway;
screenTestHooks();

const rows = () =>
  within(screen.getByRole('table', { name: 'Products' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 2)
        .map((c) => c.textContent),
    );

describe('products list', () => {
  it('lists the products numbered, under Sr No., Product Name and Actions', async () => {
    gateway = new RegistryGateway({ products }).install();
    renderProductScreens('/product/see_all');
    expect(await screen.findByRole('cell', { name: 'Share of Search' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Products' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Products' }))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Sr No.', 'Product Name', 'Actions']);
    expect(rows()).toEqual([
      ['1', 'Digital Shelf Analytics'],
      ['2', 'Retail Media Insights'],
      ['3', 'Share of Search'],
    ]);
    expect(screen.getByRole('link', { name: 'Add New Product' })).toHaveAttribute(
      'href',
      '/product/register_product',
    );
  });

  it('filters by product name, ignoring case, once typing pauses, and numbers the matches from 1', async () => {
    gateway = new RegistryGateway({ products }).install();
    const { user, location } = renderProductScreens('/product/see_all');
    await screen.findByRole('cell', { name: 'Share of Search' });

    await user.type(screen.getByRole('searchbox', { name: 'Search product name' }), 'sHaRe');
    // Nothing changes while typing...
    expect(rows()).toHaveLength(3);
    // ...and the list narrows after the 500 ms pause.
    await waitFor(() => expect(rows()).toEqual([['1', 'Share of Search']]));
    expect(location()).toBe('/product/see_all?search=sHaRe');
    // Filtering is done here: the list was loaded once.
    expect(gateway.callsTo(productRegisterOps.productList)).toHaveLength(1);

    await user.clear(screen.getByRole('searchbox', { name: 'Search product name' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search product name' }), 'media');
    await waitFor(() => expect(rows()).toEqual([['1', 'Retail Media Insights']]));
  });

  it('filters without regard to accents: "cafe" finds "Café Insights"', async () => {
    gateway = new RegistryGateway({
      products: [...products, fixtures.product({ productId: 4, productName: 'Café Insights' })],
    }).install();
    const { user } = renderProductScreens('/product/see_all');
    await screen.findByRole('cell', { name: 'Café Insights' });
    await user.type(screen.getByRole('searchbox', { name: 'Search product name' }), 'cafe');
    await waitFor(() => expect(rows()).toEqual([['1', 'Café Insights']]));
  });

  it("offers Edit Product, View All Step and View All Setup in a row's menu", async () => {
    gateway = new RegistryGateway({ products }).install();
    const { user, location } = renderProductScreens('/product/see_all');
    await user.click(
      await screen.findByRole('button', { name: 'Actions for Retail Media Insights' }),
    );
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => [i.textContent, i.getAttribute('href')])).toEqual([
      ['Edit Product', '/product/edit_product/2'],
      ['View All Step', '/product/2/step_detail'],
      ['View All Setup', '/product/2/all_setup'],
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'View All Setup' }));
    expect(await screen.findByText('Route seeAllSetup')).toBeInTheDocument();
    expect(location()).toBe('/product/2/all_setup');
  });

  it('shows a load failure as a notification with the error message', async () => {
    gateway = new RegistryGateway({ products })
      .fail(productRegisterOps.productList, failure(503, 'Product registry unavailable'))
      .install();
    renderProductScreens('/product/see_all');
    const note = await screen.findByRole('alert');
    expect(note).toHaveTextContent('Product registry unavailable');
    expect(screen.getByText('No records found')).toBeInTheDocument();
    expect(gateway.failedCalls()).toEqual([productRegisterOps.productList.id]);
  });
});
