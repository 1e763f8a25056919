import { describe, expect, it } from '@jest/globals';
import { productRegisterOps } from '@onboarding/contracts';
import { fixtures } from '@onboarding/contracts/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { screenTestHooks } from '@test/screen-hooks';
import { RegistryGateway } from '../testing/registry-gateway';
import { renderProductScreens } from '../testing/render';

const CHANGED_ELSEWHERE =
  'Changed elsewhere since you opened it. “Before” shows what is saved now.';

screenTestHooks();

/** The review's changed fields as [field, before, after] rows. */
function rows(dialog: HTMLElement): (string | null)[][] {
  return within(within(dialog).getByRole('table', { name: 'Changed fields' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.children, (cell) => cell.textContent));
}

describe('a product saved in another tab while this one edits it', () => {
  const stored = () =>
    fixtures.product({
      productId: 7,
      productName: 'Share of Search',
      productPath: '/share-of-search/target/keywords',
    });

  it('the review shows the saved path as Before and warns, before anything is sent', async () => {
    const gateway = new RegistryGateway({ products: [stored()] }).install();
    const { user } = renderProductScreens('/product/edit_product/7');
    await screen.findByDisplayValue('Share of Search');
    fireEvent.change(screen.getByRole('textbox', { name: 'Product URL Path' }), {
      target: { value: '/share-of-search/amazon/keywords' },
    });
    // The other tab moves the product to another path and saves.
    gateway.products[0]!.productPath = '/share-of-search/walmart/keywords';
    await user.click(screen.getByRole('button', { name: 'Update Product' }));

    const dialog = await screen.findByRole('dialog', { name: 'Review changes to the product' });
    expect(within(dialog).getByText(CHANGED_ELSEWHERE)).toBeInTheDocument();
    expect(rows(dialog)).toEqual([
      ['Product URL Path', '/share-of-search/walmart/keywords', '/share-of-search/amazon/keywords'],
    ]);
    expect(gateway.callsTo(productRegisterOps.updateProduct)).toEqual([]);
  });

  it('with nobody else saving, the review warns of nothing', async () => {
    new RegistryGateway({ products: [stored()] }).install();
    const { user } = renderProductScreens('/product/edit_product/7');
    await screen.findByDisplayValue('Share of Search');
    fireEvent.change(screen.getByRole('textbox', { name: 'Product Name' }), {
      target: { value: 'Share of Shelf' },
    });
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review changes to the product' });
    await waitFor(() => expect(rows(dialog)).toHaveLength(1));
    expect(within(dialog).queryByText(/Changed elsewhere/)).not.toBeInTheDocument();
  });
});

describe('a step saved in another tab while this one edits it', () => {
  it('the review shows the saved step as Before and warns, before anything is sent', async () => {
    const gateway = new RegistryGateway({
      products: [fixtures.product({ productId: 1 })],
      steps: [fixtures.step({ stepId: 21, productId: 1, stepName: 'serp_crawl', stepOrder: 1 })],
    }).install();
    const { user } = renderProductScreens('/product/1/edit_step/21');
    const name = await screen.findByDisplayValue('serp_crawl');
    fireEvent.change(name, { target: { value: 'serp_crawl_daily' } });
    // The other tab renames the step and saves.
    gateway.steps[0]!.stepName = 'serp_crawl_weekly';
    await user.click(screen.getByRole('button', { name: 'Update Step' }));

    const dialog = await screen.findByRole('dialog', { name: 'Review changes to the step' });
    expect(within(dialog).getByText(CHANGED_ELSEWHERE)).toBeInTheDocument();
    expect(rows(dialog)).toEqual([['Step Name', 'serp_crawl_weekly', 'serp_crawl_daily']]);
    expect(gateway.callsTo(productRegisterOps.updateStep)).toEqual([]);
  });
});
