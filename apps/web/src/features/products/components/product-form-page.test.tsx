import { describe, expect, it, jest } from '@jest/globals';
import { MESSAGES, productRegisterOps } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { failure } from '@test/fake-gateway';
import { screenTestHooks } from '@test/screen-hooks';
import { RegistryGateway } from '../testing/registry-gateway';
import { renderProductScreens } from '../testing/render';

const existing = fixtures.product({
  productId: 7,
  productName: 'Share of Search',
  productPath: '/share-of-search/target/keywords',
});

let gateway: RegistryGateway;
screenTestHooks();

const nameField = () => screen.getByRole('textbox', { name: 'Product Name' });
const pathField = () => screen.getByRole('textbox', { name: 'Product URL Path' });

/** Confirms the review an Update Product opens (docs/requirements.md#product-review). */
async function confirmReview(user: ReturnType<typeof renderProductScreens>['user']) {
  const review = await screen.findByRole('dialog', { name: 'Review changes to the product' });
  await user.click(within(review).getByRole('button', { name: 'Update Product' }));
}

describe('add product', () => {
  it('enables Submit Request only when the name is longer than 3 characters', async () => {
    gateway = new RegistryGateway().install();
    const { user } = renderProductScreens('/product/register_product');
    expect(await screen.findByRole('heading', { name: 'Add Product' })).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Submit Request' });
    expect(submit).toBeDisabled();

    await user.type(nameField(), '  Abc  ');
    expect(submit).toBeDisabled();
    await user.type(nameField(), 'd');
    expect(submit).toBeEnabled();
  });

  it('shows the retailer taken from the path', async () => {
    gateway = new RegistryGateway().install();
    const { user } = renderProductScreens('/product/register_product');
    await user.type(
      await screen.findByRole('textbox', { name: 'Product URL Path' }),
      '/digital-shelf/walmart/overview',
    );
    expect(screen.getByText('Retailer: walmart')).toBeInTheDocument();
  });

  it('registers the trimmed name and path, then returns to the list with the server message', async () => {
    gateway = new RegistryGateway().install();
    const { user, location } = renderProductScreens('/product/register_product');
    await user.type(await screen.findByRole('textbox', { name: 'Product Name' }), '  Price Watch ');
    await user.type(pathField(), ' /price-watch/amazon/daily  ');
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));

    expect(await screen.findByText('Product registered successfully')).toBeInTheDocument();
    expect(gateway.callsTo(productRegisterOps.registerProduct).map((c) => c.body)).toEqual([
      { productName: 'Price Watch', productPath: '/price-watch/amazon/daily' },
    ]);
    await screen.findByRole('heading', { name: 'Products' });
    expect(location()).toBe('/product/see_all');
    expect(await screen.findByRole('cell', { name: 'Price Watch' })).toBeInTheDocument();
  });

  it('asks for the path rather than sending a product without one', async () => {
    gateway = new RegistryGateway().install();
    const { user } = renderProductScreens('/product/register_product');
    await user.type(await screen.findByRole('textbox', { name: 'Product Name' }), 'Price Watch');
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(screen.getByText(MESSAGES.fieldRequired)).toBeInTheDocument();
    expect(gateway.callsTo(productRegisterOps.registerProduct)).toEqual([]);
  });

  it('keeps what was typed and shows the error message when the save fails, then re-enables after 3 s', async () => {
    gateway = new RegistryGateway()
      .fail(
        productRegisterOps.registerProduct,
        failure(409, 'A product with this path already exists'),
      )
      .install();
    const release = gateway.hold(productRegisterOps.registerProduct);
    const { user, location } = renderProductScreens('/product/register_product');
    await user.type(await screen.findByRole('textbox', { name: 'Product Name' }), 'Price Watch');
    await user.type(pathField(), '/price-watch/amazon/daily');
    const submit = screen.getByRole('button', { name: 'Submit Request' });
    await user.click(submit);

    // Disabled while saving...
    expect(submit).toBeDisabled();
    // The pause runs from when the save settles, which is after this. Jest's clock from here on:
    // Testing Library's waits move it, so the 3 s pass without waiting for them.
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const releasedAt = Date.now();
      release();
      expect(
        await screen.findByText('A product with this path already exists'),
      ).toBeInTheDocument();
      expect(gateway.failedCalls()).toEqual([productRegisterOps.registerProduct.id]);
      expect(location()).toBe('/product/register_product');
      expect(nameField()).toHaveValue('Price Watch');
      expect(pathField()).toHaveValue('/price-watch/amazon/daily');
      // ...and for 3 s after.
      expect(submit).toBeDisabled();
      await waitFor(() => expect(submit).toBeEnabled(), { timeout: 4000 });
      expect(Date.now() - releasedAt).toBeGreaterThanOrEqual(2990);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('edit product', () => {
  it('shows the stored product and Update Product', async () => {
    gateway = new RegistryGateway({ products: [existing] }).install();
    renderProductScreens('/product/edit_product/7');
    expect(await screen.findByRole('heading', { name: 'Edit Product' })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Share of Search')).toBe(nameField());
    expect(pathField()).toHaveValue('/share-of-search/target/keywords');
    expect(screen.getByText('Retailer: target')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Product' })).toBeEnabled();
  });

  it('sends nothing when nothing changed (spaces aside): says so and returns to the list', async () => {
    gateway = new RegistryGateway({ products: [existing] }).install();
    const { user, location } = renderProductScreens('/product/edit_product/7');
    await screen.findByDisplayValue('Share of Search');
    await user.type(nameField(), '   ');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));

    expect(await screen.findByText(MESSAGES.productNoChanges)).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Products' });
    expect(location()).toBe('/product/see_all');
    expect(gateway.callsTo(productRegisterOps.updateProduct)).toEqual([]);
  });

  it('updates a changed product and returns to the list with the server message', async () => {
    gateway = new RegistryGateway({ products: [existing] }).install();
    const { user, location } = renderProductScreens('/product/edit_product/7');
    await screen.findByDisplayValue('Share of Search');
    await user.clear(pathField());
    await user.type(pathField(), '/share-of-search/amazon/keywords');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    await confirmReview(user);

    expect(await screen.findByText('Product updated successfully')).toBeInTheDocument();
    expect(gateway.callsTo(productRegisterOps.updateProduct).map((c) => c.body)).toEqual([
      {
        productId: 7,
        productName: 'Share of Search',
        productPath: '/share-of-search/amazon/keywords',
      },
    ]);
    await waitFor(() => expect(location()).toBe('/product/see_all'));
  });

  it('asks before leaving with unsaved changes, and not once they are saved', async () => {
    gateway = new RegistryGateway({ products: [existing] }).install();
    const { user, router, location } = renderProductScreens('/product/edit_product/7');
    await screen.findByDisplayValue('Share of Search');
    fireEvent.change(nameField(), { target: { value: 'Share of Search Plus' } });

    // Leaving by the address, as the side menu or the back button does.
    await act(() => router.navigate('/product/see_all'));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(location()).toBe('/product/edit_product/7');
    expect(nameField()).toHaveValue('Share of Search Plus');

    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    await confirmReview(user);
    await screen.findByRole('heading', { name: 'Products' });
    expect(await screen.findByRole('cell', { name: 'Share of Search Plus' })).toBeInTheDocument();
    expect(location()).toBe('/product/see_all');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a load failure as a notification with the error message', async () => {
    gateway = new RegistryGateway().install();
    renderProductScreens('/product/edit_product/99');
    expect(await screen.findByRole('alert', { name: '' })).toBeInTheDocument();
    expect((await screen.findAllByText('Product not found')).length).toBeGreaterThan(0);
    expect(gateway.failedCalls()).toEqual([productRegisterOps.productDetails.id]);
  });
});

describe('review before a product update', () => {
  // A fresh copy each time: the registry stand-in changes the products it is given.
  const stored = () =>
    fixtures.product({
      productId: 7,
      productName: 'Share of Search',
      productPath: '/share-of-search/target/keywords',
    });
  const reviewDialog = () => screen.findByRole('dialog', { name: 'Review changes to the product' });

  it('lists only the changed field, before and after, and sends nothing until confirmed', async () => {
    gateway = new RegistryGateway({ products: [stored()] }).install();
    const release = gateway.hold(productRegisterOps.updateProduct);
    const { user, location } = renderProductScreens('/product/edit_product/7');
    await screen.findByDisplayValue('Share of Search');
    fireEvent.change(nameField(), { target: { value: ' Share of Search ' } });
    fireEvent.change(pathField(), { target: { value: '/share-of-search/amazon/keywords' } });
    await user.click(screen.getByRole('button', { name: 'Update Product' }));

    const dialog = await reviewDialog();
    const rows = within(within(dialog).getByRole('table', { name: 'Changed fields' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Product URL Path', '/share-of-search/target/keywords', '/share-of-search/amazon/keywords'],
    ]);
    expect(gateway.callsTo(productRegisterOps.updateProduct)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Update Product' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Update Product' })).toBeDisabled(),
    );
    release();
    await waitFor(() => expect(location()).toBe('/product/see_all'));
    expect(gateway.callsTo(productRegisterOps.updateProduct).map((c) => c.body)).toEqual([
      {
        productId: 7,
        productName: 'Share of Search',
        productPath: '/share-of-search/amazon/keywords',
      },
    ]);
  });

  it('Cancel sends nothing, keeps the edit and gives focus back to Update Product', async () => {
    gateway = new RegistryGateway({ products: [stored()] }).install();
    const { user, location } = renderProductScreens('/product/edit_product/7');
    await screen.findByDisplayValue('Share of Search');
    fireEvent.change(nameField(), { target: { value: 'Share of Shelf' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Product' }));

    const dialog = await reviewDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Update Product' })).toHaveFocus();
    expect(nameField()).toHaveValue('Share of Shelf');
    expect(location()).toBe('/product/edit_product/7');
    expect(gateway.callsTo(productRegisterOps.updateProduct)).toEqual([]);
  });

  it('a failed update closes the review and shows the error message, keeping what was typed', async () => {
    gateway = new RegistryGateway({ products: [stored()] })
      .fail(productRegisterOps.updateProduct, failure(409, 'A product with this path exists'))
      .install();
    const { user, location } = renderProductScreens('/product/edit_product/7');
    await screen.findByDisplayValue('Share of Search');
    fireEvent.change(pathField(), { target: { value: '/share-of-search/amazon/keywords' } });
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    await user.click(within(await reviewDialog()).getByRole('button', { name: 'Update Product' }));

    expect(await screen.findByText('A product with this path exists')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(pathField()).toHaveValue('/share-of-search/amazon/keywords');
    expect(location()).toBe('/product/edit_product/7');
    expect(gateway.failedCalls()).toEqual([productRegisterOps.updateProduct.id]);
  });
});
