import { expect, screenshot, test } from '../support/fixtures.js';
import type { Page } from '@playwright/test';

async function openActions(page: Page, client: string) {
  await page.goto(`/rem_omni/see_all?search=${encodeURIComponent(client)}`);
  const opener = page.getByRole('button', { name: `Actions for ${client}` });
  await opener.click();
  await page.getByRole('menuitem', { name: 'Actions/More details' }).click();
  const drawer = page.getByRole('dialog', { name: client });
  await expect(drawer).toBeVisible();
  return {
    drawer,
    opener,
    row: (retailer: string) => drawer.getByRole('row').filter({ hasText: retailer }),
  };
}

test.describe('setup actions', () => {
  test('re-triggers a failed step and follows it to completion', async ({ page }) => {
    const { drawer, row } = await openActions(page, 'harborview coffee');
    await expect(drawer.getByRole('columnheader')).toHaveText([
      'Retailer',
      'Is MarketShare Enabled',
      'Step',
      'Status',
      'Action',
    ]);
    await expect(row('Target').getByRole('button', { name: 'Refresh Data Target' })).toBeVisible();
    await expect(row('Instacart').getByText('--')).toBeVisible();
    await screenshot(page, 'setup-actions-drawer');

    const retrigger = row('Walmart').getByRole('button', { name: 'Re-trigger Walmart' });
    await retrigger.click();
    const confirm = page.getByRole('dialog', { name: 'Re-trigger' });
    await expect(confirm).toContainText('Re-trigger the step STI for Walmart?');
    await screenshot(page, 'setup-actions-confirm');
    await confirm.getByRole('button', { name: 'Re-trigger' }).click();

    await expect(page.getByRole('alert').filter({ hasText: 'Re-triggered sti' })).toBeVisible();
    await expect(row('Walmart').getByText('NOT_STARTED')).toBeVisible();
    // The drawer follows the running workflow (every 10 s) until the step is done.
    await expect(row('Walmart').getByText('COMPLETED')).toBeVisible({ timeout: 30_000 });
    await expect(
      row('Walmart').getByRole('button', { name: 'Refresh Data Walmart' }),
    ).toBeVisible();
  });

  test('refreshes a completed retailer, then the list reloads and the drawer closes', async ({
    page,
  }) => {
    const { drawer, opener, row } = await openActions(page, 'lumen beauty labs');
    await row('Target').getByRole('button', { name: 'Refresh Data Target' }).click();
    const confirm = page.getByRole('dialog', { name: 'Refresh Data' });
    await expect(confirm).toContainText('Target');
    await confirm.getByRole('button', { name: 'Refresh Data' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Data refresh started' })).toBeVisible();
    await expect(drawer).toBeHidden();
    await expect(opener).toBeFocused();
    const setup = page
      .getByRole('table', { name: 'Setups' })
      .getByRole('row')
      .filter({ hasText: 'lumen beauty labs' });
    await expect(setup.getByText('COMPLETED')).toHaveCount(0);
    // No longer completed: the client name is plain text until the refresh finishes.
    await expect(page.getByRole('link', { name: 'lumen beauty labs' })).toHaveCount(0);
  });

  test('offers nothing for a failed ncs_client_db_setup step and says why', async ({ page }) => {
    const { row } = await openActions(page, 'clearwater household');
    const none = row('Home Depot').getByText('--');
    await expect(none).toBeVisible();
    await expect(row('Home Depot').getByRole('button')).toHaveCount(0);
    // The drawer may still be sliding in under the pointer: hover again, as an operator would.
    await expect(async () => {
      await page.mouse.move(0, 0);
      await none.hover();
      await expect(page.getByRole('tooltip')).toHaveText(
        'The step NCS Client DB Setup cannot be re-triggered',
        { timeout: 2_000 },
      );
    }).toPass({ timeout: 15_000 });
  });
});
