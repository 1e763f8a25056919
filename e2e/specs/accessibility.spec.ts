import { test as base, type Page } from '@playwright/test';
import { expect, screenshot, seriousA11yViolations, test } from '../support/fixtures.js';

/**
 * Waits for what a screen loads once idle to reach its settled look: a setup's Watch is disabled
 * until the watched setups answer, then changes colour, which could land in the middle of a scan.
 */
async function settleIdlePieces(page: Page, name: string) {
  if (name === 'setup-details')
    await expect(page.getByRole('button', { name: 'Watch', exact: true })).toBeEnabled();
}

/** Waits for the screen's main heading, then scans it: no serious violations. */
async function expectAccessible(page: Page, name: string) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await screenshot(page, `a11y-${name}`);
  expect(await seriousA11yViolations(page), name).toEqual([]);
}

base('the login screen has no serious accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expectAccessible(page, 'login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Please enter an email ID.')).toBeVisible();
  expect(await seriousA11yViolations(page), 'login with error').toEqual([]);
});

const screens: [string, string][] = [
  ['setups-list', '/rem_omni/see_all'],
  ['setup-details', '/rem_omni/details/20'],
  ['new-setup', '/rem_omni/select'],
  ['prospect-form', '/rem_omni/prospect'],
  ['client-form', '/rem_omni/client'],
  ['edit-setup', '/rem_omni/editSetup/20'],
  ['products', '/product/see_all'],
  ['prompts', '/llm_service/prompts'],
  ['legacy-ongoing', '/customer-setup/ongoing'],
  ['legacy-completed', '/customer-setup/completed'],
  ['search-volume', '/search_volume'],
  ['performance', '/performance-metric'],
  ['pipeline-health', '/rem_omni/health'],
  ['not-found', '/no/such/screen'],
];

/**
 * Opens the health screen with every chart shown as its table and a count's setups open in the
 * Matching setups panel (its charts are scanned as part of the screen above).
 */
async function openHealthTables(page: Page) {
  await page.goto('/rem_omni/health');
  await expect(page.getByRole('region', { name: 'Step durations' })).toBeVisible({
    timeout: 60_000,
  });
  for (const toggle of await page.getByRole('switch', { name: 'Show as table' }).all()) {
    await toggle.check();
  }
  const byStep = page.getByRole('table', { name: 'Setups by step and status' });
  await byStep.getByRole('button').first().click();
  await expect(page.getByRole('region', { name: 'Matching setups' })).toBeVisible();
  await expect(page.getByText('Loading…')).toHaveCount(0);
}

test.describe('every screen has no serious accessibility violations', () => {
  for (const [name, path] of screens) {
    test(name, async ({ page }) => {
      await page.goto(path);
      await settleIdlePieces(page, name);
      await expectAccessible(page, name);
    });
  }

  test('setups list with an expanded row, the open menu, the drawer and its confirmation', async ({
    page,
  }) => {
    await page.goto('/rem_omni/see_all?search=cobalt');
    await page.getByRole('button', { name: 'Show details of cobalt audio' }).click();
    await expect(page.getByRole('table', { name: 'Browse nodes of cobalt audio' })).toBeVisible();
    expect(await seriousA11yViolations(page), 'expanded row').toEqual([]);

    await page.getByRole('button', { name: 'Actions for cobalt audio' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    expect(await seriousA11yViolations(page), 'row menu').toEqual([]);

    await page.getByRole('menuitem', { name: 'Actions/More details' }).click();
    const drawer = page.getByRole('dialog', { name: 'cobalt audio' });
    await expect(drawer).toBeVisible();
    expect(await seriousA11yViolations(page), 'drawer').toEqual([]);

    await drawer.getByRole('button', { name: 'Refresh Data Home Depot' }).click();
    await expect(page.getByRole('dialog', { name: 'Refresh Data' })).toBeVisible();
    await screenshot(page, 'a11y-confirm');
    expect(await seriousA11yViolations(page), 'confirmation').toEqual([]);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(drawer.getByRole('button', { name: 'Refresh Data Home Depot' })).toBeFocused();
  });

  test('pipeline health as tables, with its matching setups', async ({ page }) => {
    await openHealthTables(page);
    await expectAccessible(page, 'pipeline-health-tables');
  });
});

// The narrow frame (the menu in a drawer behind Open menu) on every screen, and the open drawer.
test.describe('at 390 × 844 every screen has no serious accessibility violations', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  for (const [name, path] of screens) {
    test(name, async ({ page }) => {
      await page.goto(path);
      await settleIdlePieces(page, name);
      await expectAccessible(page, `${name}-390`);
    });
  }

  test('the open menu drawer', async ({ page }) => {
    await page.goto('/rem_omni/see_all');
    await expectAccessible(page, 'setups-list-390');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByRole('button', { name: 'Category Leaderboard - Omnichannel' }).click();
    await expect(drawer.getByRole('link', { name: 'See All' })).toBeVisible();
    expect(await seriousA11yViolations(page), 'menu drawer').toEqual([]);
  });

  test('pipeline health as tables, with its matching setups', async ({ page }) => {
    await openHealthTables(page);
    await expectAccessible(page, 'pipeline-health-tables-390');
  });
});
