/**
 * Per-product setups against the whole stack: a prospect setup of a seeded product with a weekly
 * schedule, created from the product's list, then its details: scheduled, the schedule in plain
 * English, the expected live time and the product's steps moving on live. The schedule's
 * interval bound and its start-time choices; and a refresh or re-trigger the service refuses,
 * told with the service's own message.
 */
import { metaOps, remOmniOps, type AnyOperation, type SetupRow } from '@onboarding/contracts';
import type { Page } from '@playwright/test';
import { api, letters, seededProductId as productId } from '../support/gateway-api.js';
import { expect, screenshot, test } from '../support/fixtures.js';
import { armFault, clearFaults, customerSetupPath } from '../support/sandbox-faults.js';

/** Fills the per-product prospect form up to a valid setup on the default retailer. */
async function fillProspect(page: Page, id: number, name: string) {
  await page.goto(`/product/${id}/setup_type/prospect`);
  await page.getByRole('textbox', { name: 'Enter Account Name *' }).fill(name);
  await page.getByRole('textbox', { name: 'Enter Brands list *' }).fill('Oak Crunch');
  await page.getByRole('searchbox', { name: 'Search browse nodes' }).fill('snacks');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('tree').getByRole('treeitem').first().getByRole('checkbox').first().check();
}

/** Records the page's calls of these operations. */
function recordCalls(page: Page, ops: AnyOperation[]): string[] {
  const sent: string[] = [];
  page.on('request', (req) => {
    const path = new URL(req.url()).pathname;
    if (ops.some((op) => op.path === path)) sent.push(path);
  });
  return sent;
}

/** The current time in UTC as `HH:MM`. */
const utcTime = () => new Date().toISOString().slice(11, 16);

test.afterEach(async () => {
  await clearFaults();
});

test('creates a per-product prospect setup with a weekly schedule and watches its steps progress in its details', async ({
  page,
}) => {
  const id = await productId(page);
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
  // One date a page (issue 32): the fleet snapshot's forecast once it has read the setup, the
  // product's expected times until then (or Live since, once every step completed).
  await expect(page.getByRole('region', { name: 'Workflow Status', exact: true })).toContainText(
    /Forecast live by|Forecast: unknown|Expected live by|Live since/,
  );
  await screenshot(page, 'product-setup-details');
  // The sandbox runs the product's steps: some step completes while the page refreshes itself.
  const timeline = page.getByRole('region', { name: 'Workflow Status timeline' });
  await expect(timeline.getByText('completed').first()).toBeVisible({ timeout: 40_000 });
});

test('refuses a schedule interval of 53 weeks under the field and sends nothing; 52 is sent', async ({
  page,
}) => {
  const id = await productId(page);
  const name = `Einterval ${letters()}`;
  await fillProspect(page, id, name);
  await page.getByRole('checkbox', { name: 'Enable Schedule' }).check();
  const interval = page.getByRole('spinbutton', { name: 'Interval (weeks)' });
  const sent = recordCalls(page, [metaOps.addSetup, remOmniOps.addClient]);

  await interval.fill('53');
  await expect(interval).toHaveAccessibleDescription('Invalid Input.');
  const submit = page.getByRole('button', { name: 'Submit Request' });
  // The button only looks disabled: pressing it says what is wrong.
  await submit.click({ force: true });
  await expect(page.getByText('Invalid Input. Please verify.')).toBeVisible();
  await screenshot(page, 'product-setup-interval-53');
  await expect(page).toHaveURL(`/product/${id}/setup_type/prospect`);
  expect(sent).toEqual([]);

  await interval.fill('52');
  await expect(interval).not.toHaveAccessibleDescription('Invalid Input.');
  await expect(page.getByText('Invalid Input. Please verify.')).toBeHidden();
  const added = page.waitForRequest((req) => new URL(req.url()).pathname === metaOps.addSetup.path);
  await submit.click();
  const body = (await added).postDataJSON() as { data: { schedule: { interval: number } }[] };
  expect(body.data.map((item) => item.schedule.interval)).toEqual([52]);
  await expect(page).toHaveURL(new RegExp(`/product/${id}/all_setup`));
});

test('sets the start time to the current UTC time with "now (UTC)", and back with the 05:30 default', async ({
  page,
}) => {
  const id = await productId(page);
  await page.goto(`/product/${id}/setup_type/prospect`);
  await page.getByRole('checkbox', { name: 'Enable Schedule' }).check();
  const startTime = page.getByLabel('Start Time (UTC)', { exact: true });
  await expect(startTime).toHaveValue('05:30');
  const choices = page.getByRole('group', { name: 'Start time (UTC):' });
  await expect(choices.getByRole('button', { name: '05:30 (default)' })).toBeVisible();

  const before = utcTime();
  await choices.getByRole('button', { name: 'now (UTC)' }).click();
  await expect(startTime).not.toHaveValue('05:30');
  const after = utcTime();
  // The minute may turn between the two readings.
  expect([before, after]).toContain(await startTime.inputValue());
  await screenshot(page, 'product-setup-start-now');

  await choices.getByRole('button', { name: '05:30 (default)' }).click();
  await expect(startTime).toHaveValue('05:30');
});

test("tells the service's own message when a per-product refresh or re-trigger is refused", async ({
  page,
}) => {
  const id = await productId(page);
  const rows = await api<SetupRow[]>(page, metaOps.allSetup, {
    searchText: '',
    limit: 100,
    offset: 0,
    productId: id,
  });
  const cases = [
    {
      row: rows.find((r) => r.status === 'COMPLETED'),
      op: metaOps.refreshData,
      action: 'Refresh Data',
      message: 'A refresh of this retailer is already queued',
    },
    {
      row: rows.find((r) => r.status === 'FAILED'),
      op: metaOps.reTrigger,
      action: 'Re-trigger',
      message: 'The step runner is paused for maintenance',
    },
  ];
  for (const { row, op, action, message } of cases) {
    expect(row, `a seeded setup to ${action}`).toBeDefined();
    const client = row!.clientName;
    await armFault({
      path: customerSetupPath(op),
      method: 'POST',
      kind: 'status',
      status: 409,
      message,
      count: 1,
    });
    await page.goto(`/product/${id}/all_setup?search=${encodeURIComponent(client)}`);
    await page.getByRole('button', { name: `Actions for ${client}` }).click();
    await page.getByRole('menuitem', { name: 'Actions/More details' }).click();
    const dialog = page.getByRole('dialog', { name: client });
    await dialog
      .getByRole('button', { name: new RegExp(`^${action} `) })
      .first()
      .click();
    await page.getByRole('dialog', { name: action }).getByRole('button', { name: action }).click();

    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    await expect(page.getByText('Oops..Something went wrong!')).toHaveCount(0);
    await screenshot(page, `product-setup-${op.name}-refused`);
    // Nothing changed: the row still offers the same action.
    await expect(dialog).toBeVisible();
    await expect(
      dialog.getByRole('button', { name: new RegExp(`^${action} `) }).first(),
    ).toBeEnabled();
  }
});
