/**
 * Two safeguards of the setup form in a real browser against the whole stack (gateway +
 * sandbox): a prospect name close to an existing client's lists that client, and the operator
 * switches to the existing-client form with it picked; an edit shows what will change and is
 * sent only once confirmed from that review.
 */
import {
  categoryAnalyticsOps,
  remOmniOps,
  type BrowseNodesResponse,
  type SetupDetailsResponse,
} from '@onboarding/contracts';
import type { Page } from '@playwright/test';
import {
  api,
  chipsNode,
  CHIPS,
  createProspectSetup,
  letters,
  setupRowsOf,
} from '../support/gateway-api.js';
import { expect, screenshot, seriousA11yViolations, test } from '../support/fixtures.js';

async function searchNodes(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search browse nodes' }).fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

async function tick(page: Page, nodePath: string) {
  await page.getByRole('tree').getByRole('checkbox', { name: nodePath, exact: true }).check();
}

const JERKY = 'Grocery & Gourmet Food > Snacks > Jerky';

test.describe('setup form safeguards', () => {
  test('type a near-duplicate prospect name and switch to the existing client', async ({
    page,
  }) => {
    // A seeded client with no Category Leaderboard setup; nothing here saves one.
    const client = 'Sparkwell Smart Home';
    await page.goto('/rem_omni/prospect');
    // The worker's first screen: a cold stack on a busy machine can take longer than usual.
    await expect(page.getByRole('heading', { name: 'Add New Setup for Prospect' })).toBeVisible({
      timeout: 30_000,
    });
    await page.getByRole('textbox', { name: 'Enter Brands list *' }).fill('Sparkwell, HomeSense');
    await searchNodes(page, 'snacks');
    await tick(page, CHIPS);
    await page.getByRole('textbox', { name: 'Enter Account Name *' }).fill('sparkwell-smart homes');

    const warning = page.getByRole('status').filter({ hasText: 'similar customer' });
    await expect(warning).toHaveText('1 similar customer');
    const similar = page.getByRole('list', { name: '1 similar customer' });
    await expect(similar.getByRole('listitem')).toHaveCount(1);
    await expect(similar.getByRole('listitem')).toContainText(client);
    await expect(similar.getByRole('listitem')).toContainText('client');
    await screenshot(page, 'setup-form-similar-customers');
    expect(await seriousA11yViolations(page)).toEqual([]);

    const clients = await api<{ value: number; name: string }[]>(
      page,
      categoryAnalyticsOps.clients,
      {},
    );
    const clientId = clients.find((c) => c.name === client)?.value;
    expect(clientId).toBeDefined();
    await similar.getByRole('button', { name: 'use existing client' }).click();

    await expect(page).toHaveURL(`/rem_omni/client?clientId=${clientId}`);
    await expect(
      page.getByRole('heading', { name: 'Add New Setup For Existing Client' }),
    ).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Select Client *' })).toHaveValue(client);
    await expect(page.getByRole('textbox', { name: 'Enter Brands list' })).toHaveValue(
      'Sparkwell, HomeSense',
    );
    await expect(page.getByTestId('selected-nodes-4').getByText(CHIPS)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit Request' })).toBeEnabled();
    expect(await setupRowsOf(page, client)).toEqual([]);
  });

  test('edit a setup and confirm from the review', async ({ page }) => {
    // A prospect setup of its own (Amazon, Chips), made through the API to keep the test short.
    const name = `Ereview ${letters()}`;
    await page.goto('/rem_omni/see_all');
    const setupId = await createProspectSetup(page, name, await chipsNode(page), ['Oak Crunch']);

    await page.goto(`/rem_omni/editSetup/${setupId}`);
    await expect(page.getByRole('textbox', { name: 'Client Name' })).toHaveValue(
      name.toLowerCase(),
    );
    await page.getByRole('textbox', { name: 'Enter Brands list' }).fill('Oak Crunch, Quiet Hour');
    await searchNodes(page, 'snacks');
    await tick(page, JERKY);
    const amazon = page.getByTestId('selected-nodes-4');
    await expect(amazon.getByText(JERKY)).toBeVisible();
    await amazon.getByRole('checkbox', { name: CHIPS }).check();
    await amazon.getByRole('button', { name: 'Remove checked nodes of Amazon' }).click();
    await expect(amazon.getByText(CHIPS)).toHaveCount(0);

    const update = page.getByRole('button', { name: 'Update Request' });
    await update.click();
    const review = page.getByRole('dialog', { name: 'Review changes' });
    await expect(review).toBeVisible();
    const brands = review.getByRole('table', { name: 'Changed fields' }).getByRole('row');
    await expect(brands).toHaveCount(2);
    await expect(brands.nth(1).getByRole('cell')).toHaveText([
      'Oak Crunch',
      'Oak Crunch, Quiet Hour',
    ]);
    const nodes = review.getByRole('region', { name: 'Amazon: nodes' });
    await expect(nodes.getByRole('list', { name: 'Added (1)' })).toHaveText(JERKY);
    await expect(nodes.getByRole('list', { name: 'Removed (1)' })).toHaveText(CHIPS);
    await screenshot(page, 'setup-form-review');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Cancel sends nothing and returns to the form; the second time is confirmed.
    await review.getByRole('button', { name: 'Cancel' }).click();
    await expect(review).toBeHidden();
    await expect(update).toBeFocused();
    await update.click();
    await review.getByRole('button', { name: 'Confirm update' }).click();
    await expect(page).toHaveURL(/\/rem_omni\/see_all/);
    await expect(
      page.getByRole('alert').filter({ hasText: `Setup ${setupId} updated` }),
    ).toBeVisible();

    const stored = await api<BrowseNodesResponse>(
      page,
      remOmniOps.browseNodes,
      {},
      `?setupId=${setupId}`,
    );
    expect(stored.data.browseNodes.map((n) => n.nodePath)).toEqual([JERKY]);
    const details = await api<SetupDetailsResponse>(page, remOmniOps.setupDetails, { setupId });
    expect(details.brandsDetails.brands).toEqual(['Oak Crunch', 'Quiet Hour']);
  });
});
