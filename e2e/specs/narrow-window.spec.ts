/**
 * The console in a narrow window (docs/requirements.md#shell-narrow): at 390 × 844 the setups
 * list, the setup and prompt forms, the failure board and a setup's details never scroll the
 * page sideways (a table scrolls in its own box) and forms keep one column of full-width fields;
 * the side menu is a drawer behind Open menu, which a chosen item closes (focus on the new
 * screen's heading) and Escape too (focus back on the button). At 1,440 the menu is permanent, and Hide menu folds it away until Show menu,
 * across a reload.
 */
import type { Locator, Page } from '@playwright/test';
import { seededSetupId } from '../support/gateway-api.js';
import { expect, screenshot, test } from '../support/fixtures.js';

const PHONE = { width: 390, height: 844 };

/** The screen's heading is up and nothing is loading any more. */
async function ready(page: Page, heading: string) {
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'the page is no wider than the window').toBeLessThanOrEqual(innerWidth);
}

/** A form field wide enough to read what is typed in it (one column, not letter by letter). */
async function expectFullWidth(field: Locator) {
  const box = await field.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(PHONE.width * 0.7);
}

test.describe('at 390 × 844', () => {
  test.use({ viewport: PHONE });

  test('the setups list fits the window, its table scrolling in its own box', async ({ page }) => {
    await page.goto('/rem_omni/see_all');
    await ready(page, 'Setups');
    const table = page.getByRole('table', { name: 'Setups' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expectNoSidewaysScroll(page);
    // Wider than the window, yet the page is not: its box scrolls.
    expect((await table.boundingBox())?.width).toBeGreaterThan(PHONE.width);
    await screenshot(page, 'narrow-setups-list');
  });

  test('the new setup form fits the window in one column', async ({ page }) => {
    await page.goto('/rem_omni/prospect');
    await ready(page, 'Add New Setup for Prospect');
    await expectFullWidth(page.getByRole('textbox', { name: 'Enter Account Name *' }));
    await expectFullWidth(page.getByRole('textbox', { name: 'Enter Brands list *' }));
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'narrow-setup-form');
  });

  test('the prompt form fits the window in one column', async ({ page }) => {
    await page.goto('/llm_service/prompts/add');
    await ready(page, 'Add Prompt');
    await expectFullWidth(page.getByRole('textbox', { name: 'Name' }));
    await expectFullWidth(page.getByRole('textbox', { name: 'Prompt' }));
    await expectNoSidewaysScroll(page);
  });

  test('the failure board fits the window', async ({ page }) => {
    await page.goto('/rem_omni/failures');
    await ready(page, 'Failures');
    // The sandbox's seeded setups have failed rows of their own.
    await expect(page.getByText(/^Newest: /).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'narrow-failure-board');
  });

  test("a setup's details fit the window", async ({ page }) => {
    await page.goto('/rem_omni/see_all');
    await page.goto(`/rem_omni/details/${await seededSetupId(page)}`);
    await ready(page, 'Setup Details');
    await expect(page.getByRole('region', { name: 'Workflow Status', exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Browse Nodes', exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test('Open menu shows the menu in a drawer; a chosen item navigates and closes it', async ({
    page,
  }) => {
    await page.goto('/rem_omni/see_all');
    await ready(page, 'Setups');
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
    const open = page.getByRole('button', { name: 'Open menu' });
    await open.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await screenshot(page, 'narrow-menu-drawer');
    await drawer.getByRole('button', { name: 'LLM Service' }).click();
    await drawer.getByRole('link', { name: 'Prompts' }).click();
    await expect(page).toHaveURL(/\/llm_service\/prompts$/);
    await expect(drawer).toBeHidden();
    await ready(page, 'Prompts');
    // As after any move to another screen (docs/requirements.md#decision-heading-focus).
    await expect(page.getByRole('heading', { name: 'Prompts', level: 1 })).toBeFocused();
  });

  test('Escape closes the menu drawer, focus back on Open menu', async ({ page }) => {
    await page.goto('/rem_omni/see_all');
    await ready(page, 'Setups');
    const open = page.getByRole('button', { name: 'Open menu' });
    await open.click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    await expect(open).toBeFocused();
  });
});

test('at 1,440 the menu is permanent; Hide menu folds it away, remembered, until Show menu', async ({
  page,
}) => {
  await page.goto('/rem_omni/see_all');
  await ready(page, 'Setups');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  const main = page.getByRole('main');
  await expect(menu).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
  const besideMenu = (await main.boundingBox())!.x;
  expect(besideMenu).toBeGreaterThan(200);

  await page.getByRole('button', { name: 'Hide menu' }).click();
  await expect(menu).toBeHidden();
  expect((await main.boundingBox())!.x).toBeLessThan(besideMenu);

  await page.reload();
  await ready(page, 'Setups');
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Show menu' }).click();
  await expect(menu).toBeVisible();
  expect((await main.boundingBox())!.x).toBe(besideMenu);
});
