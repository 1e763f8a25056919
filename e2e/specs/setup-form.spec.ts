/**
 * The new / edit setup form, as an operator uses it in a real browser against the whole stack
 * (gateway + sandbox): a prospect setup on two retailers with nodes found by search, a setup
 * for an existing client, an edit that adds a node and changes the brands, and each blocked
 * case with its message — checked against the sandbox through the gateway's API.
 */
import { categoryAnalyticsOps, remOmniOps, type SetupRow } from '@onboarding/contracts';
import type { Locator, Page } from '@playwright/test';
import { api, letters } from '../support/gateway-api.js';
import { expect, screenshot, seriousA11yViolations, test } from '../support/fixtures.js';

const setupsOf = (page: Page, clientName: string) =>
  api<SetupRow[]>(page, remOmniOps.allSetup, {
    searchText: clientName.toLowerCase(),
    limit: 20,
    offset: 0,
  }).then((rows) => rows.filter((r) => r.clientName === clientName.toLowerCase()));

const clientIdOf = async (page: Page, name: string) => {
  const clients = await api<{ value: number; name: string }[]>(
    page,
    categoryAnalyticsOps.clients,
    {},
  );
  const found = clients.find((c) => c.name === name);
  if (!found) throw new Error(`no client named ${name}`);
  return found.value;
};

const clientKnown = (page: Page, name: string) =>
  api<{ isClientExists: boolean }[]>(page, categoryAnalyticsOps.isProspectExists, {
    clientName: name.toLowerCase(),
  }).then((answer) => answer[0]?.isClientExists === true);

function tree(page: Page): Locator {
  return page.getByRole('tree');
}

async function searchNodes(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search browse nodes' }).fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

async function tick(page: Page, nodePath: string) {
  await tree(page).getByRole('checkbox', { name: nodePath, exact: true }).check();
}

const LOCKED_RETAILER =
  'A retailer already in the setup cannot be removed: an update can add retailers and change their nodes, not remove them.';

const submit = (page: Page) => page.getByRole('button', { name: 'Submit Request' });

test.describe('new and edit setup form', () => {
  test('creates a prospect setup on two retailers with nodes found by search; it is listed and its workflow starts', async ({
    page,
  }) => {
    const name = `Eprospect ${letters()}`;
    await page.goto('/rem_omni/select');
    await page.getByRole('link', { name: /Prospect/ }).click();
    await expect(page).toHaveURL('/rem_omni/prospect');
    await expect(page.getByRole('heading', { name: 'Add New Setup for Prospect' })).toBeVisible();
    await expect(page.getByText('Fill in the below details to setup the Dashboard')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Amazon', exact: true })).toBeChecked();
    await expect(submit(page)).toBeDisabled();

    await page.getByRole('textbox', { name: 'Enter Account Name *' }).fill(name);
    await page.getByRole('textbox', { name: 'Enter Brands list *' }).fill('Oak Crunch, Oak Kids');
    await page.getByRole('checkbox', { name: 'Walmart', exact: true }).check();

    await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeDisabled();
    await searchNodes(page, 'snacks');
    await tick(page, 'Grocery & Gourmet Food > Snacks > Chips');
    await tree(page)
      .getByRole('button', { name: 'Expand Grocery & Gourmet Food > Snacks > Crackers' })
      .click();
    await tick(page, 'Grocery & Gourmet Food > Snacks > Crackers > Accessories');
    await expect(page.getByTestId('node-counter-4')).toHaveText('2 / 50');
    await page.getByRole('tab', { name: 'Walmart' }).click();
    await tick(page, 'Food > Snacks > Dried Fruit');
    const walmartCard = page.getByTestId('selected-nodes-12');
    await expect(walmartCard.getByText('Food > Snacks > Dried Fruit')).toBeVisible();
    await expect(submit(page)).toBeEnabled();
    await screenshot(page, 'setup-form-prospect');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await submit(page).click();
    await expect(page).toHaveURL(/\/rem_omni\/see_all/);
    await expect(
      page.getByRole('alert').filter({ hasText: `created for ${name.toLowerCase()}` }),
    ).toBeVisible();

    const rows = await setupsOf(page, name);
    expect(rows.map((r) => r.retailerId).sort((a, b) => a - b)).toEqual([4, 12]);
    expect(rows.every((r) => r.isNewClient)).toBe(true);
    const setupId = rows[0]!.setupId;

    await page.goto(`/rem_omni/see_all?search=${encodeURIComponent(name.toLowerCase())}`);
    await expect(
      page.getByRole('table', { name: 'Setups' }).getByText(name.toLowerCase()),
    ).toBeVisible();

    // The workflow starts: the sandbox runner moves the first step on.
    await expect
      .poll(
        async () => {
          const wf = await api<{ currentWorkflow: { status: string }[] }>(
            page,
            remOmniOps.worflowData,
            { setupId },
          );
          return wf.currentWorkflow.some((s) => s.status !== 'not_started');
        },
        { timeout: 20_000 },
      )
      .toBe(true);
  });

  test('creates a setup for an existing client picked from the list', async ({ page }) => {
    const client = 'Riverbend Cereal';
    await page.goto('/rem_omni/client');
    await expect(
      page.getByRole('heading', { name: 'Add New Setup For Existing Client' }),
    ).toBeVisible();
    expect(await setupsOf(page, client)).toEqual([]);

    const picker = page.getByRole('combobox', { name: 'Select Client *' });
    await expect(picker).toHaveAttribute('placeholder', 'Please choose client');
    await picker.fill('riverb');
    await page.getByRole('option', { name: client }).click();
    await searchNodes(page, 'cereal');
    const first = tree(page).getByRole('treeitem').first().getByRole('checkbox');
    await first.check();
    await expect(submit(page)).toBeEnabled();
    await submit(page).click();
    await expect(page).toHaveURL(/\/rem_omni\/see_all/);

    const rows = await setupsOf(page, client);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      retailerId: 4,
      isNewClient: false,
      clientId: await clientIdOf(page, client),
    });
  });

  test('edits a setup: adds a node and changes the brands, and the details show it', async ({
    page,
  }) => {
    const client = 'Meadowlark Tea';
    await page.goto('/rem_omni/see_all');
    await api(page, remOmniOps.addSetup, [
      {
        retailerId: 4,
        browseNodes: [{ parent_id: 2255571036, id: 2255571036 }],
        nodeDetails: ['2255571036'],
        isNewClient: false,
        clientName: client.toLowerCase(),
        clientId: await clientIdOf(page, client),
        brands: ['Meadowlark'],
        isMarketShareEnabled: false,
        isScheduled: false,
        schedule: null,
      },
    ]);
    const [row] = await setupsOf(page, client);
    const setupId = row!.setupId;

    await page.goto(`/rem_omni/editSetup/${setupId}`);
    await expect(page.getByRole('heading', { name: 'Edit Setup' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Client Name' })).toHaveValue('meadowlark tea');
    await expect(page.getByRole('textbox', { name: 'Client Name' })).toHaveAttribute(
      'readonly',
      '',
    );
    const brands = page.getByRole('textbox', { name: 'Enter Brands list' });
    await expect(brands).toHaveValue('Meadowlark');
    await brands.fill('Meadowlark, Quiet Hour');
    await searchNodes(page, 'snacks');
    await tick(page, 'Grocery & Gourmet Food > Snacks > Jerky');
    await screenshot(page, 'setup-form-edit');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Update Request' }).click();
    await page
      .getByRole('dialog', { name: 'Review changes' })
      .getByRole('button', { name: 'Confirm update' })
      .click();
    await expect(page).toHaveURL(/\/rem_omni\/see_all/);

    await page.goto(`/rem_omni/details/${setupId}`);
    await expect(
      page.getByText('Grocery & Gourmet Food > Snacks > Jerky', { exact: true }),
    ).toBeVisible();
    await expect(
      page.getByText('Grocery & Gourmet Food > Snacks > Chips', { exact: true }),
    ).toBeVisible();
    await expect(page.getByText(/Quiet Hour/)).toBeVisible();
  });

  test("keeps a setup's stored retailers ticked and disabled when editing, saying why; others can be added", async ({
    page,
  }) => {
    // harborview coffee: a seeded setup on several retailers; no test changes its retailers.
    await page.goto('/rem_omni/see_all');
    const rows = await setupsOf(page, 'Harborview Coffee');
    const stored = new Set(rows.map((r) => r.retailerId));
    const { data } = await api<{
      data: { data: { retailerId: number; retailerName: string }[] }[];
    }>(page, remOmniOps.getRetailers, {});
    const retailers = data.flatMap((group) => group.data);
    const inSetup = retailers.filter((r) => stored.has(r.retailerId));
    const others = retailers.filter((r) => !stored.has(r.retailerId));
    expect(inSetup.length).toBeGreaterThan(1);
    expect(others.length).toBeGreaterThan(0);

    await page.goto(`/rem_omni/editSetup/${rows[0]!.setupId}`);
    await expect(page.getByRole('heading', { name: 'Edit Setup' })).toBeVisible();
    for (const r of inSetup) {
      const box = page.getByRole('checkbox', { name: r.retailerName, exact: true });
      await expect(box).toBeChecked();
      await expect(box).toBeDisabled();
      await expect(box).toHaveAccessibleDescription(LOCKED_RETAILER);
    }
    for (const r of others) {
      const box = page.getByRole('checkbox', { name: r.retailerName, exact: true });
      await expect(box).not.toBeChecked();
      await expect(box).toBeEnabled();
    }
    await page
      .getByRole('group', { name: /Select Retailers/ })
      .getByText(inSetup[0]!.retailerName, { exact: true })
      .hover();
    await expect(page.getByRole('tooltip')).toHaveText(LOCKED_RETAILER);
    await screenshot(page, 'setup-form-edit-retailers');

    // A retailer not in the setup can be added, and its tab appears for its nodes.
    const added = page.getByRole('checkbox', { name: others[0]!.retailerName, exact: true });
    await added.check();
    await expect(added).toBeChecked();
    await expect(page.getByRole('tab', { name: others[0]!.retailerName })).toBeVisible();
  });

  test('creates nothing while a selected retailer has no node', async ({ page }) => {
    const name = `Enonodes ${letters()}`;
    await page.goto('/rem_omni/prospect');
    await page.getByRole('textbox', { name: 'Enter Account Name *' }).fill(name);
    await page.getByRole('textbox', { name: 'Enter Brands list *' }).fill('Lone Brand');
    await page.getByRole('checkbox', { name: 'Walmart', exact: true }).check();
    await searchNodes(page, 'snacks');
    await tick(page, 'Grocery & Gourmet Food > Snacks > Chips');
    await expect(submit(page)).toBeDisabled();
    // The button only looks disabled: pressing it says what is missing.
    await submit(page).click({ force: true });
    await expect(page.getByText('Please provide all required fields')).toBeVisible();
    await screenshot(page, 'setup-form-required');
    expect(await clientKnown(page, name)).toBe(false);
    expect(await setupsOf(page, name)).toEqual([]);
  });

  test('refuses a prospect whose name already exists', async ({ page }) => {
    const name = 'Blue Harbor Foods';
    await page.goto('/rem_omni/see_all');
    const before = await setupsOf(page, name);
    await page.goto('/rem_omni/prospect');
    await page.getByRole('textbox', { name: 'Enter Account Name *' }).fill(name);
    await page.getByRole('textbox', { name: 'Enter Brands list *' }).fill('Blue Harbor');
    await expect(page.getByText('A customer already exists')).toBeVisible();
    await searchNodes(page, 'snacks');
    await tick(page, 'Grocery & Gourmet Food > Snacks > Chips');
    await expect(submit(page)).toBeDisabled();
    await submit(page).click({ force: true });
    await expect(page.getByText('Please provide all required fields')).toBeVisible();
    expect(await setupsOf(page, name)).toEqual(before);
  });

  test('refuses a second setup for an existing client', async ({ page }) => {
    const client = 'Blue Harbor Foods';
    await page.goto('/rem_omni/client');
    const before = await setupsOf(page, client);
    expect(before.length).toBeGreaterThan(0);
    await page.getByRole('combobox', { name: 'Select Client *' }).fill('blue harbor');
    await page.getByRole('option', { name: client }).click();
    await expect(
      page.getByText('A customer setup already exists, please edit the existing setup.'),
    ).toBeVisible();
    await searchNodes(page, 'snacks');
    await tick(page, 'Grocery & Gourmet Food > Snacks > Chips');
    await submit(page).click({ force: true });
    await expect(page.getByText('Please provide all required fields')).toBeVisible();
    expect(await setupsOf(page, client)).toEqual(before);
  });

  test('saves nothing when nothing changed', async ({ page }) => {
    await page.goto('/rem_omni/see_all');
    const [row] = await setupsOf(page, 'Crescent Home Goods');
    const setupId = row!.setupId;
    const before = await api<{ clientDetails: { updatedat: string } }>(
      page,
      remOmniOps.setupDetails,
      { setupId },
    );
    await page.goto(`/rem_omni/editSetup/${setupId}`);
    await expect(page.getByRole('heading', { name: 'Edit Setup' })).toBeVisible();
    await page.getByRole('button', { name: 'Update Request' }).click();
    await expect(page.getByText('Not changes has to be saved.')).toBeVisible();
    await expect(page).toHaveURL(`/rem_omni/editSetup/${setupId}`);
    const after = await api<{ clientDetails: { updatedat: string } }>(
      page,
      remOmniOps.setupDetails,
      { setupId },
    );
    expect(after.clientDetails.updatedat).toBe(before.clientDetails.updatedat);
  });
});
