/**
 * Guarded actions and the legacy table (issue 31), in a real browser against the whole stack:
 * Mark As Complete asks first and sends nothing until confirmed; a completed legacy setup opened
 * by its address is read-only; leaving the steps list after deleting a step warns; and at
 * 1,440 × 900 the legacy list's Actions column is on screen with no sideways scroll of the page.
 */
import { legacyOps, productRegisterOps, type LegacySetup } from '@onboarding/contracts';
import type { Page } from '@playwright/test';
import { expect, screenshot, seriousA11yViolations, test } from '../support/fixtures.js';
import { api } from '../support/gateway-api.js';

const stamp = () => Date.now().toString(36);

/** Adds a legacy setup through the gateway, every column filled long; answers its id. */
async function addLegacySetup(page: Page, clientName: string): Promise<number> {
  await api(page, legacyOps.addNewSetup, {
    clientName,
    startDate: '2026-11-01',
    avcDate: '2026-11-15',
    amsDate: '2026-11-20',
    currentStatus: 'onTrack',
    statusDetails:
      'Waiting for the retailer to grant AMS access to the shared advertising account; follow up on Monday with the account team',
    expectedSignoffDate: '2026-12-20',
    modules: [{ id: 'ciqSales', name: 'CIQ Sales', regions: ['US'] }],
  });
  const rows = await api<LegacySetup[]>(page, legacyOps.ongoing, {
    searchText: clientName,
    limit: 20,
    offset: 0,
  });
  const setup = rows.find((r) => r.clientName === clientName);
  if (!setup) throw new Error(`no legacy setup named ${clientName}`);
  return setup.setupId;
}

/** Counts the editSetup calls the page sends from now on. */
function editCalls(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes(legacyOps.editSetup.path)) seen.push(req.url());
  });
  return seen;
}

test('Mark As Complete asks first, naming the client; Cancel sends nothing, confirming completes it', async ({
  page,
}) => {
  await page.goto('/customer-setup/ongoing');
  const client = `E2E Guard ${stamp()}`;
  const setupId = await addLegacySetup(page, client);
  const sent = editCalls(page);
  await page.goto(`/customer-setup/edit/${setupId}`);

  await page.getByRole('button', { name: 'Mark As Complete' }).click();
  const dialog = page.getByRole('dialog', { name: `Mark ${client} as complete?` });
  await expect(dialog).toContainText('A completed setup can no longer be edited.');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await screenshot(page, 'legacy-mark-complete-confirm');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(sent).toHaveLength(0);
  await expect(page).toHaveURL(`/customer-setup/edit/${setupId}`);

  await page.getByRole('button', { name: 'Mark As Complete' }).click();
  await dialog.getByRole('button', { name: 'Mark As Complete' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: `Setup for ${client} marked as complete` }),
  ).toBeVisible();
  await expect(page).toHaveURL('/customer-setup/ongoing');
  expect(sent).toHaveLength(1);
});

test('a completed legacy setup opened by its address is read-only, with the way back to the completed list', async ({
  page,
}) => {
  await page.goto('/customer-setup/ongoing');
  const client = `E2E Done ${stamp()}`;
  const setupId = await addLegacySetup(page, client);
  const setup = await api<LegacySetup>(page, legacyOps.getSetup, { setupId });
  await api(page, legacyOps.editSetup, {
    setupId,
    clientName: setup.clientName,
    startDate: setup.startDate,
    avcDate: setup.avcDate,
    amsDate: setup.amsDate,
    currentStatus: 'completed',
    statusDetails: setup.statusDetails,
    expectedSignoffDate: setup.expectedSignoffDate,
    modules: setup.modules,
  });
  const sent = editCalls(page);

  await page.goto(`/customer-setup/edit/${setupId}`);
  await expect(
    page.getByText('This setup is completed. It can no longer be edited.'),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Client Name/ })).toHaveValue(client);
  const details = page.getByRole('textbox', { name: 'Status Details' });
  await expect(details).not.toBeEditable();
  await expect(page.getByLabel('Expected Signoff Date')).not.toBeEditable();
  await expect(page.getByRole('combobox', { name: /Current Status/ })).toHaveAttribute(
    'aria-readonly',
    'true',
  );
  await expect(page.getByRole('button', { name: 'Update Setup' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark As Complete' })).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, 'legacy-completed-read-only');

  await page.getByRole('link', { name: 'Back to completed setups' }).click();
  await expect(page).toHaveURL('/customer-setup/completed');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(sent).toHaveLength(0);
});

test('leaving the steps list after deleting a step warns, and the bar counts the unsaved change', async ({
  page,
}) => {
  await page.goto('/product/see_all');
  const productName = `E2E Guarded Steps ${stamp()}`;
  await api(page, productRegisterOps.registerProduct, {
    productName,
    productPath: `/e2e-guard-${stamp()}/amazon/overview`,
  });
  const { products } = await api<{ products: { productId: number; productName: string }[] }>(
    page,
    productRegisterOps.productList,
    {},
  );
  const productId = products.find((p) => p.productName === productName)!.productId;
  for (const stepName of ['guard_first', 'guard_second']) {
    await api(page, productRegisterOps.registerStep, {
      stepName,
      productId,
      pollingDelay: 5,
      expectedExecutionTime: null,
      triggerPayload: '{"url": "https://jobs.example/start"}',
      statusPayload: '{"url": "https://jobs.example/status/{{requestId}}"}',
      requestIdPath: 'data.requestId',
      statusPath: 'data.status',
      isPolling: true,
      isRefreshRequired: true,
      shouldRunOnAdd: false,
      shouldRunOnEdit: false,
      statusMap: '{"DONE": "completed"}',
    });
  }

  await page.goto(`/product/${productId}/step_detail`);
  await page.getByRole('button', { name: 'Delete guard_first' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Step' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  const bar = page.getByRole('region', { name: 'Unsaved changes' });
  await expect(bar).toContainText('1 unsaved change');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, 'steps-unsaved-bar');

  await page.getByRole('link', { name: 'Add New Step' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave this page?' });
  await expect(leave).toContainText('You have unsaved changes.');
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(`/product/${productId}/step_detail`);
  await expect(page.getByRole('button', { name: 'Delete guard_first' })).toHaveCount(0);

  // Nothing was deleted on the server; Leave drops the unsaved deletion.
  await page.getByRole('link', { name: 'Add New Step' }).click();
  await leave.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(`/product/${productId}/register_step`);
  await page.goto(`/product/${productId}/step_detail`);
  await expect(page.getByRole('button', { name: 'Delete guard_first' })).toBeVisible();
});

test('at 1,440 × 900 the legacy list fits: Actions on screen, no sideways scroll of the page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/customer-setup/ongoing');
  const client = `E2E Wide Client Name With Many Words ${stamp()}`;
  await addLegacySetup(page, client);
  // The first page as operators see it: the newest setup (this one, every column long) on it.
  await page.reload();
  const table = page.getByRole('table', { name: 'Setups' });
  const actions = table.getByRole('button', { name: `Actions for ${client}` });
  await expect(actions).toBeVisible();
  expect(await table.getByRole('row').count()).toBeGreaterThan(2);

  const box = (await actions.boundingBox())!;
  expect(box.x + box.width, 'Actions ends inside the window').toBeLessThanOrEqual(1440);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'the page is no wider than the window').toBeLessThanOrEqual(innerWidth);
  // The table fits its own box at this width: nothing hides under the pinned Actions.
  const fits = await table.evaluate((t) => t.scrollWidth <= t.parentElement!.clientWidth);
  expect(fits, 'the table fits its box').toBe(true);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, 'legacy-ongoing-1440');

  await actions.click();
  await page.getByRole('menuitem', { name: 'Edit Setup' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Setup' })).toBeVisible();
});

test('a narrower legacy list scrolls in its own box with Actions pinned at its right edge', async ({
  page,
}) => {
  // The permanent menu still shows at 1,000 px, so the table is wider than its box here.
  await page.setViewportSize({ width: 1000, height: 800 });
  await page.goto('/customer-setup/ongoing');
  const table = page.getByRole('table', { name: 'Setups' });
  const actions = table.getByRole('button', { name: /^Actions for / }).first();
  await expect(actions).toBeVisible();
  const scroller = table.locator('xpath=..');
  const overflows = await scroller.evaluate((box) => box.scrollWidth > box.clientWidth);
  expect(overflows, 'the table is wider than its box').toBe(true);

  const edge = await scroller.evaluate((box) => box.getBoundingClientRect().right);
  const before = (await actions.boundingBox())!;
  expect(before.x + before.width).toBeLessThanOrEqual(edge);
  await scroller.evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
  await expect.poll(() => scroller.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
  const after = (await actions.boundingBox())!;
  expect(after.x, 'Actions stays where it was').toBeCloseTo(before.x, 0);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'the page is no wider than the window').toBeLessThanOrEqual(innerWidth);
});
