/**
 * Saved views on the setups list (issue 33) against the whole stack: the gateway keeps them per
 * operator, so a view saved in one browser is there after signing out and in again from another;
 * a pinned view opens the list's bare address; a view's CSV export holds its setups only; a
 * duplicate name is refused at the field. Each test signs in as an operator of its own (views
 * follow the operator, and a pinned default would change the other specs' list).
 */
import fs from 'node:fs/promises';
import { stepLabel } from '@onboarding/contracts';
import type { Browser, Page } from '@playwright/test';
import { chipsNode, createProspectSetup, letters } from '../support/gateway-api.js';
import { expect, screenshot, seriousA11yViolations, signIn, test } from '../support/fixtures.js';
import { parseCsv } from '../support/csv.js';
import { failWorkflow } from '../support/workflow-control.js';

const views = (page: Page) => page.getByRole('group', { name: 'Saved views' });
const summary = (page: Page) => page.getByText(/^\d[\d,]* setups? match · Updated /);

/** A browser context of its own, signed in as `email`, on the setups list. */
async function signedIn(browser: Browser, baseURL: string | undefined, email: string) {
  const context = await browser.newContext({ storageState: undefined, baseURL });
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, email);
  await page.waitForURL('**/rem_omni/see_all**');
  return { context, page };
}

/** Saves the list's current filters as a view from the Save view dialog. */
async function saveView(page: Page, name: string, { pin = false } = {}) {
  await views(page).getByRole('button', { name: 'Save view' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save view' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  if (pin)
    await dialog.getByRole('checkbox', { name: 'Open this list with it by default' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`View "${name}" saved.`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

test.describe('saved views', () => {
  test('a saved view is still there after signing out and back in, in a new browser context', async ({
    browser,
    baseURL,
  }) => {
    const email = `views-${letters()}@example.com`;
    const name = `Failed at STI ${letters()}`;
    const first = await signedIn(browser, baseURL, email);
    await first.page.goto('/rem_omni/see_all?status=FAILED&step=sti');
    await expect(summary(first.page)).toBeVisible({ timeout: 20_000 });
    await saveView(first.page, name);
    const chip = views(first.page).getByRole('button', { name: new RegExp(`^${name} `) });
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
    await first.page.getByRole('button', { name: 'Sign out' }).click();
    await first.page.waitForURL('**/login**');
    await first.context.close();

    const second = await signedIn(browser, baseURL, email);
    const again = views(second.page).getByRole('button', { name: new RegExp(`^${name} \\d`) });
    // Its live count, from the gateway's snapshot.
    await expect(again).toBeVisible({ timeout: 20_000 });
    await expect(again).toHaveAttribute('aria-pressed', 'false');
    await again.click();
    await second.page.waitForURL('**/rem_omni/see_all?status=FAILED&step=sti');
    await expect(again).toHaveAttribute('aria-pressed', 'true');
    await expect(summary(second.page)).toBeVisible();

    // Its link: the list's address with its filters.
    await second.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await second.page.goto('/rem_omni/see_all');
    await views(second.page)
      .getByRole('button', { name: `Actions for view ${name}` })
      .click();
    await second.page.getByRole('menuitem', { name: 'Copy link' }).click();
    await expect(second.page.getByText(`Link to "${name}" copied.`)).toBeVisible();
    expect(await second.page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${baseURL}/rem_omni/see_all?status=FAILED&step=sti`,
    );
    await second.context.close();
  });

  test('a pinned default is applied on a bare visit of the list, the list asked at once', async ({
    browser,
    baseURL,
  }) => {
    const email = `pinned-${letters()}@example.com`;
    const name = `Prospects failed ${letters()}`;
    const first = await signedIn(browser, baseURL, email);
    await first.page.goto('/rem_omni/see_all?status=FAILED&prospect=1');
    await expect(summary(first.page)).toBeVisible({ timeout: 20_000 });
    await saveView(first.page, name, { pin: true });
    await expect(
      views(first.page).getByRole('button', { name: new RegExp(`^${name} .*, default view$`) }),
    ).toBeVisible();
    await first.context.close();

    // Another browser: signing in lands on the list's bare address, which takes the default.
    const second = await signedIn(browser, baseURL, email);
    await second.page.waitForURL('**/rem_omni/see_all?status=FAILED&prospect=1');
    await expect(summary(second.page)).toBeVisible();
    await expect(
      views(second.page).getByRole('button', { name: new RegExp(`^${name} `) }),
    ).toHaveAttribute('aria-pressed', 'true');

    // A bare visit again: the list's first call (allSetup) leaves before the views are asked
    // (their row loads when the browser is idle), and the default still applies.
    const sent: { path: string; at: number }[] = [];
    second.page.on('request', (req) => {
      const path = new URL(req.url()).pathname;
      if (path.endsWith('/allSetup') || path === '/api/views') sent.push({ path, at: Date.now() });
    });
    const start = Date.now();
    await second.page.goto('/rem_omni/see_all');
    await second.page.waitForURL('**/rem_omni/see_all?status=FAILED&prospect=1');
    await expect(summary(second.page)).toBeVisible();
    const allSetup = sent.find((r) => r.path.endsWith('/allSetup'));
    const viewsCall = sent.find((r) => r.path === '/api/views');
    expect(allSetup, 'the list’s first call').toBeDefined();
    expect(viewsCall, 'the views call').toBeDefined();
    expect(allSetup!.at).toBeLessThanOrEqual(viewsCall!.at);
    test.info().annotations.push({
      type: 'timing',
      description: `allSetup sent ${allSetup!.at - start} ms after the visit began, views ${viewsCall!.at - start} ms`,
    });
    // Clear filters: the whole list, the default not applied again.
    await second.page.getByRole('button', { name: 'Clear filters' }).click();
    await second.page.waitForURL('**/rem_omni/see_all');
    await expect(summary(second.page)).toHaveCount(0);
    await second.context.close();
  });

  test('the CSV export of a view holds its setups only', async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const tag = letters();
    const STEP = 'pre_engineering';
    const { context, page } = await signedIn(browser, baseURL, `csv-${tag}@example.com`);
    const chips = await chipsNode(page);
    const names = [1, 2, 3].map((n) => `savedview ${tag} ${'abc'[n - 1]}`);
    const ids: number[] = [];
    for (const n of names) ids.push(await createProspectSetup(page, n, chips));
    // Two of the three fail at the view's step; the third does not match it.
    await failWorkflow({ setupId: ids[0]!, stepName: STEP, message: `Saved view ${tag}` });
    await failWorkflow({ setupId: ids[1]!, stepName: STEP, message: `Saved view ${tag}` });

    const query = `status=FAILED&step=${STEP}&prospect=1`;
    await page.goto(`/rem_omni/see_all?${query}`);
    const table = page.getByRole('table', { name: 'Setups' });
    // The snapshot takes the failures in within a refresh (every 5 s here).
    await expect(async () => {
      await page.reload();
      await expect(table.getByText(names[0]!)).toBeVisible({ timeout: 2_000 });
      await expect(table.getByText(names[1]!)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 45_000 });
    const name = `Pre engineering ${tag}`;
    await saveView(page, name);

    // Applied from its chip on the whole list, then exported.
    await page.goto('/rem_omni/see_all');
    await views(page)
      .getByRole('button', { name: new RegExp(`^${name} `) })
      .click();
    await page.waitForURL(`**/rem_omni/see_all?${query}`);
    await expect(summary(page)).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page
      .getByRole('region', { name: 'List actions' })
      .getByRole('button', { name: 'Export CSV' })
      .click();
    const download = await downloading;
    const [header, ...lines] = parseCsv(
      (await fs.readFile(await download.path(), 'utf8')).slice(1),
    );
    const col = (title: string) => header!.indexOf(title);
    const bySetup = new Map<string, string[][]>();
    for (const line of lines) {
      const id = line[col('Setup Id')]!;
      bySetup.set(id, [...(bySetup.get(id) ?? []), line]);
    }
    // Every setup in the file matches the view (one of its rows failed at the step, a prospect).
    for (const [id, rows] of bySetup) {
      expect(
        rows.some((r) => r[col('Status')] === 'FAILED' && r[col('Step')] === stepLabel(STEP)),
        `setup ${id} failed at ${STEP}`,
      ).toBe(true);
      expect(
        rows.every((r) => r[col('is New Client')] === 'true'),
        `setup ${id} a prospect`,
      ).toBe(true);
    }
    expect(bySetup.has(String(ids[0]))).toBe(true);
    expect(bySetup.has(String(ids[1]))).toBe(true);
    expect(bySetup.has(String(ids[2]))).toBe(false);
    await expect(page.getByText(new RegExp(`^Exported ${bySetup.size} setups? to `))).toBeVisible();
    await context.close();
  });

  test('a duplicate name is refused at the field, the name kept; the row wraps at 390 px', async ({
    browser,
    baseURL,
  }) => {
    const tag = letters();
    const { context, page } = await signedIn(browser, baseURL, `dup-${tag}@example.com`);
    await page.goto('/rem_omni/see_all?status=COMPLETED');
    await expect(summary(page)).toBeVisible({ timeout: 20_000 });
    await saveView(page, `Completed ${tag}`);
    await page.goto('/rem_omni/see_all?status=IN_PROGRESS');
    await views(page).getByRole('button', { name: 'Save view' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save view' });
    const field = dialog.getByRole('textbox', { name: 'Name' });
    await field.fill(`COMPLETED ${tag}`);
    await field.press('Enter');
    await expect(field).toHaveAccessibleDescription(
      `You already have a view named "COMPLETED ${tag}".`,
    );
    await expect(field).toHaveValue(`COMPLETED ${tag}`);
    await expect(dialog).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Several views at a phone's width: the row wraps, the page does not scroll sideways.
    const long = `In progress with a rather long name for a phone ${tag}`;
    await saveView(page, long);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(views(page).getByRole('button', { name: /^Completed / })).toBeVisible();
    // The long name wraps inside its chip: all of it within the window, none cut off.
    const longChip = views(page).getByRole('button', { name: new RegExp(`^${long} `) });
    const box = (await longChip.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await longChip.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'saved-views-390');
    await context.close();
  });
});
