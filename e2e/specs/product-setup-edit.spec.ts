/**
 * Editing a per-product setup against the whole stack (gateway + sandbox): a prospect setup of
 * a seeded product, created from the product's form, gets new brands and one more browse node
 * through its edit form, and its details show them. The blocked cases of the per-product form
 * show their messages and create or change nothing: a client that already has a setup of this
 * product, and an edit with nothing changed.
 */
import { categoryAnalyticsOps, metaOps, type SetupRow } from '@onboarding/contracts';
import type { Page } from '@playwright/test';
import { api, letters, seededProductId as productId } from '../support/gateway-api.js';
import { expect, screenshot, test } from '../support/fixtures.js';

const productSetups = (page: Page, id: number, searchText: string) =>
  api<SetupRow[]>(page, metaOps.allSetup, {
    searchText: searchText.toLowerCase(),
    limit: 50,
    offset: 0,
    productId: id,
  });

const setupsOf = (page: Page, id: number, clientName: string) =>
  productSetups(page, id, clientName).then((rows) =>
    rows.filter((r) => r.clientName === clientName.toLowerCase()),
  );

type Details = { clientDetails: { updatedat: string } };

async function searchNodes(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search browse nodes' }).fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

async function tick(page: Page, nodePath: string) {
  await page.getByRole('tree').getByRole('checkbox', { name: nodePath, exact: true }).check();
}

test.describe('per-product setup edit form', () => {
  test('edits a per-product setup: new brands and an added node show in its details', async ({
    page,
  }) => {
    const id = await productId(page);
    const name = `Eproductedit ${letters()}`;
    await page.goto(`/product/${id}/setup_type/prospect`);
    await page.getByRole('textbox', { name: 'Enter Account Name *' }).fill(name);
    await page.getByRole('textbox', { name: 'Enter Brands list *' }).fill('Oak Crunch');
    await searchNodes(page, 'snacks');
    await tick(page, 'Grocery & Gourmet Food > Snacks > Chips');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page).toHaveURL(new RegExp(`/product/${id}/all_setup`));

    const rows = await setupsOf(page, id, name);
    expect(rows.length).toBeGreaterThan(0);
    const setupId = rows[0]!.setupId;

    await page.goto(`/product/${id}/editSetup/${setupId}`);
    await expect(page.getByRole('heading', { name: 'Edit Setup' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Client Name' })).toHaveValue(
      name.toLowerCase(),
    );
    const brands = page.getByRole('textbox', { name: 'Enter Brands list' });
    await expect(brands).toHaveValue('Oak Crunch');
    await brands.fill('Oak Crunch, Quiet Hour');
    await searchNodes(page, 'snacks');
    await tick(page, 'Grocery & Gourmet Food > Snacks > Jerky');
    await page.getByRole('button', { name: 'Update Request' }).click();
    await page
      .getByRole('dialog', { name: 'Review changes' })
      .getByRole('button', { name: 'Confirm update' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/product/${id}/all_setup`));

    await page.goto(`/product/${id}/details/${setupId}`);
    await expect(
      page.getByText('Grocery & Gourmet Food > Snacks > Jerky', { exact: true }),
    ).toBeVisible();
    await expect(
      page.getByText('Grocery & Gourmet Food > Snacks > Chips', { exact: true }),
    ).toBeVisible();
    await expect(page.getByText(/Quiet Hour/)).toBeVisible();
    await screenshot(page, 'product-setup-edited-details');
  });

  test('refuses a second setup of the product for a client that already has one', async ({
    page,
  }) => {
    const id = await productId(page);
    const existing = (await productSetups(page, id, '')).find((r) => !r.isNewClient);
    expect(existing).toBeDefined();
    const clients = await api<{ value: number; name: string }[]>(
      page,
      categoryAnalyticsOps.clients,
      {},
    );
    const client = clients.find((c) => c.name.toLowerCase() === existing!.clientName);
    expect(client).toBeDefined();
    const before = await setupsOf(page, id, client!.name);
    expect(before.length).toBeGreaterThan(0);

    await page.goto(`/product/${id}/setup_type/client`);
    await page.getByRole('combobox', { name: 'Select Client *' }).fill(client!.name.slice(0, 6));
    await page.getByRole('option', { name: client!.name, exact: true }).click();
    await expect(
      page.getByText('A customer setup already exists, please edit the existing setup.'),
    ).toBeVisible();
    await searchNodes(page, 'snacks');
    await tick(page, 'Grocery & Gourmet Food > Snacks > Chips');
    await page.getByRole('button', { name: 'Submit Request' }).click({ force: true });
    await expect(page.getByText('Please provide all required fields')).toBeVisible();
    await expect(page).toHaveURL(`/product/${id}/setup_type/client`);
    expect(await setupsOf(page, id, client!.name)).toEqual(before);
  });

  test('saves nothing when a per-product setup is updated with nothing changed', async ({
    page,
  }) => {
    const id = await productId(page);
    const [row] = await productSetups(page, id, '');
    expect(row).toBeDefined();
    const setupId = row!.setupId;
    const before = await api<Details>(page, metaOps.setupDetails, { setupId });

    await page.goto(`/product/${id}/editSetup/${setupId}`);
    await expect(page.getByRole('heading', { name: 'Edit Setup' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Client Name' })).toHaveValue(row!.clientName);
    await page.getByRole('button', { name: 'Update Request' }).click();
    await expect(page.getByText('Not changes has to be saved.')).toBeVisible();
    await expect(page).toHaveURL(`/product/${id}/editSetup/${setupId}`);
    const after = await api<Details>(page, metaOps.setupDetails, { setupId });
    expect(after.clientDetails.updatedat).toBe(before.clientDetails.updatedat);
  });
});
