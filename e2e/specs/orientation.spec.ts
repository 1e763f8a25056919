/**
 * Where am I (issue 31): a tab title per screen, a product's screens naming the product and
 * ticking its retailer, searches that ignore accents, focus on the heading after a palette jump,
 * a way back from a page past the end, and a favicon served as an image.
 */
import { llmOps, productRegisterOps, type Product } from '@onboarding/contracts';
import type { Page } from '@playwright/test';
import { api, letters, seededSetupId } from '../support/gateway-api.js';
import { expect, test } from '../support/fixtures.js';

/**
 * The tab's title for a screen, after the failure watch's "(n) " while other specs' failures
 * are unseen (docs/requirements.md#failure-watch).
 */
const screenTitle = (title: string) =>
  new RegExp(`^(\\([1-9]\\d*\\) )?${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** The seeded product of Walmart's retail media (its path names walmart). */
async function retailMediaId(page: Page): Promise<number> {
  const { products } = await api<{ products: Product[] }>(page, productRegisterOps.productList, {});
  const product = products.find((p) => p.productName === 'Retail Media Insights');
  if (!product) throw new Error('no product named Retail Media Insights');
  return product.productId;
}

test('each screen has its own tab title, and a product’s screens name the product and tick its retailer', async ({
  page,
}) => {
  await page.goto('/rem_omni/see_all');
  await expect(page.getByRole('heading', { name: 'Setups', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(screenTitle('Setups · Onboarding Console'));

  const setupId = await seededSetupId(page);
  await page.goto(`/rem_omni/details/${setupId}`);
  await expect(page).toHaveTitle(screenTitle('cobalt audio · Setup Details · Onboarding Console'));

  const productId = await retailMediaId(page);
  await page.goto(`/product/${productId}/all_setup`);
  await expect(page.getByText('Product: Retail Media Insights')).toBeVisible();
  await expect(page).toHaveTitle(
    screenTitle('Setups · Retail Media Insights · Onboarding Console'),
  );

  await page.goto(`/product/${productId}/setup_type/prospect`);
  await expect(page.getByText('Product: Retail Media Insights')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Walmart', exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Amazon', exact: true })).not.toBeChecked();

  await page.goto('/customer-setup/ongoing');
  await expect(page.getByRole('heading', { name: 'Setups', level: 1 })).toBeVisible();
  await expect(page.getByText('Legacy customer setups', { exact: true })).toBeVisible();
  await expect(page).toHaveTitle(screenTitle('Legacy Setups · Onboarding Console'));
});

test('a product that does not exist: its add-setup form says so, ticks no retailer and asks nothing else for it', async ({
  page,
}) => {
  const missing = 999999;
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (
      url.pathname.startsWith('/api/') &&
      `${url.search}${request.postData() ?? ''}`.includes(String(missing))
    )
      asked.push(url.pathname);
  });
  await page.goto(`/product/${missing}/setup_type/prospect`);
  await expect(page.getByText('This product does not exist.')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Amazon', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Submit Request' })).toHaveCount(0);
  // Its details only: no retailers, clients or anything else for the product.
  expect(asked).toEqual([expect.stringMatching(/\/product_register\/product-details$/)]);
});

test('"cafe" finds "Café" in the prompts list and in the palette, whose jump puts focus on the heading', async ({
  page,
}) => {
  await page.goto('/llm_service/prompts');
  const suffix = letters();
  const name = `Café digest ${suffix}`;
  await api(page, llmOps.add, {
    clientId: 1,
    clientName: 'Common',
    prompt: 'Summarise {{category}}',
    metadata: { name, variables: { category: 'Snacks' } },
  });
  await page.reload();
  await page.getByRole('searchbox', { name: 'Search prompts' }).fill(`cafe digest ${suffix}`);
  const rows = page.getByRole('table', { name: 'Prompts' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(name);

  await page.keyboard.press('Control+K');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox', { name: 'Jump to' }).pressSequentially(`CAFE ${suffix}`);
  const option = palette
    .getByRole('group', { name: 'Prompts' })
    .getByRole('option', { name: new RegExp(name) });
  await expect(option).toBeVisible();
  await option.click();
  await page.waitForURL(/\/llm_service\/prompts\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Prompt Details', level: 1 })).toBeFocused();
  await expect(page).toHaveTitle(screenTitle(`${name} · Prompt Details · Onboarding Console`));
});

test('a page past the end of the setups list says so and leads back to the last page', async ({
  page,
}) => {
  await page.goto('/rem_omni/see_all?page=999');
  const message = page.getByText(/^There is no page 999: this list has (\d+) pages?\.$/);
  await expect(message).toBeVisible();
  const last = /has (\d+) page/.exec((await message.textContent()) ?? '')?.[1];
  await page.getByRole('button', { name: 'Go to the last page' }).click();
  await page.waitForURL(`**/rem_omni/see_all?page=${last}`);
  await expect(page.getByRole('table', { name: 'Setups' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Page ${last}` })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('the favicon loads as an image', async ({ page }) => {
  await page.goto('/rem_omni/see_all');
  const href = await page.locator('link[rel="icon"][type="image/svg+xml"]').getAttribute('href');
  expect(href).toBe('/favicon.svg');
  for (const [path, type] of [
    ['/favicon.svg', /^image\/svg\+xml/],
    ['/favicon.ico', /^image\/(x-icon|vnd\.microsoft\.icon)/],
  ] as const) {
    const res = await page.request.get(path, {
      headers: { accept: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8' },
    });
    expect({ path, status: res.status() }).toEqual({ path, status: 200 });
    expect(res.headers()['content-type']).toMatch(type);
  }
  // Decoded by the browser: a real picture, not a page.
  const width = await page.evaluate(async () => {
    const img = new Image();
    img.src = '/favicon.svg';
    await img.decode();
    return img.naturalWidth;
  });
  expect(width).toBeGreaterThan(0);
});
