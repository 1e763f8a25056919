/**
 * Per-product setups against the whole stack: a prospect setup of a seeded product with a weekly
 * schedule, created from the product's list, then its details: scheduled, the schedule in plain
 * English, the expected live time and the product's steps moving on live.
 */
import { metaOps, productRegisterOps, type SetupRow } from '@onboarding/contracts';
import { api, letters } from '../support/gateway-api.js';
import { expect, screenshot, test } from '../support/fixtures.js';

test('creates a per-product prospect setup with a weekly schedule and watches its steps progress in its details', async ({
  page,
}) => {
  await page.goto('/product/see_all');
  const { products } = await api<{ products: { productId: number; productName: string }[] }>(
    page,
    productRegisterOps.productList,
    {},
  );
  const product = products.find((p) => p.productName === 'Digital Shelf Analytics');
  expect(product).toBeDefined();
  const id = product!.productId;
  const name = `Eproduct ${letters()}`;

  await page.goto(`/product/${id}/all_setup`);
  await expect(page.getByRole('heading', { name: 'Setups', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Add New Setup' }).click();
  await expect(page).toHaveURL(`/product/${id}/setup_type`);
  await page.getByRole('link', { name: /Prospect/ }).click();
  await expect(page).toHaveURL(`/product/${id}/setup_type/prospect`);

  await page.getByRole('textbox', { name: 'Enter Account Name *' }).fill(name);
  await page.getByRole('textbox', { name: 'Enter Brands list *' }).fill('Oak Crunch');
  await page.getByRole('searchbox', { name: 'Search browse nodes' }).fill('snacks');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('tree').getByRole('treeitem').first().getByRole('checkbox').first().check();
  await page.getByRole('checkbox', { name: 'Enable Schedule' }).check();
  await page.getByRole('button', { name: 'MO', exact: true }).click();
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${id}/all_setup`));

  const rows = (
    await api<SetupRow[]>(page, metaOps.allSetup, {
      searchText: name.toLowerCase(),
      limit: 20,
      offset: 0,
      productId: id,
    })
  ).filter((r) => r.clientName === name.toLowerCase());
  expect(rows.length).toBeGreaterThan(0);
  const setupId = rows[0]!.setupId;

  await page.goto(`/product/${id}/all_setup?search=${encodeURIComponent(name.toLowerCase())}`);
  await page.getByRole('button', { name: `Actions for ${name.toLowerCase()}` }).click();
  await page.getByRole('menuitem', { name: 'See Details' }).click();
  await expect(page).toHaveURL(`/product/${id}/details/${setupId}`);

  const client = page.getByRole('region', { name: 'Client Details' });
  await expect(
    client.getByText('Scheduled', { exact: true }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText('Yes');
  await expect(
    client.getByText('Schedule', { exact: true }).locator('xpath=following-sibling::dd[1]'),
  ).toContainText(/week/i);
  await expect(page.getByRole('group', { name: 'Expected live' })).toContainText(
    /Expected live by|Live since/,
  );
  await screenshot(page, 'product-setup-details');
  // The sandbox runs the product's steps: some step completes while the page refreshes itself.
  const timeline = page.getByRole('region', { name: 'Workflow Status timeline' });
  await expect(timeline.getByText('completed').first()).toBeVisible({ timeout: 40_000 });
});
