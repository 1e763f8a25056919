/**
 * Keyboard shortcuts (issue 33) against the whole stack, by keyboard alone: `?` lists them; on the
 * failure board and the setups list j/k move a visible row focus, x selects, r and f open the
 * previews, each said in the live region; nothing happens while typing in a field; the axe scan
 * passes with a row focused and with the shortcuts dialog open.
 */
import type { Page } from '@playwright/test';
import { chipsNode, createProspectSetup, letters } from '../support/gateway-api.js';
import { expect, screenshot, seriousA11yViolations, test } from '../support/fixtures.js';
import { failWorkflow } from '../support/workflow-control.js';

const STEP = 'analytics';

const announcer = (page: Page) => page.locator('#keyboard-announcer');

/** The element with focus: a table row's text, or the tag of anything else. */
const focusedRow = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el instanceof HTMLTableRowElement ? el.textContent : (el?.tagName ?? null);
  });

test.describe('keyboard shortcuts', () => {
  test('? lists every shortcut, and the dialog passes the axe scan', async ({ page }) => {
    await page.goto('/rem_omni/see_all');
    await expect(
      page.getByRole('table', { name: 'Setups' }).locator('tbody tr').first(),
    ).toBeVisible();
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    // The key's listener loads when the browser is first idle.
    await expect(async () => {
      await page.keyboard.press('?');
      await expect(dialog).toBeVisible({ timeout: 1_000 });
    }).toPass();
    for (const what of ['Move to the next row', 'Select the row, or unselect it'])
      await expect(dialog.getByRole('cell', { name: what })).toBeVisible();
    await screenshot(page, 'keyboard-shortcuts-dialog');
    expect(await seriousA11yViolations(page), 'the shortcuts dialog').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('on the failure board j/k move, x selects, r and f preview, each announced', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const name = `kbd ${letters().toLowerCase()}`;
    await page.goto('/rem_omni/see_all');
    const setupId = await createProspectSetup(page, name, await chipsNode(page));
    await failWorkflow({ setupId, stepName: STEP });

    // The step's group opens and takes focus from the address; the snapshot takes the failure
    // in within a refresh.
    await expect
      .poll(
        async () => {
          await page.goto(`/rem_omni/failures?step=${STEP}`);
          await expect(page.getByText(/failed rows? in/)).toBeVisible();
          return page.getByRole('link', { name }).count();
        },
        { timeout: 60_000, intervals: [2_000] },
      )
      .toBe(1);
    await expect(page.getByRole('button', { name: 'Analytics', exact: true })).toBeFocused();
    // The keys load when the browser is idle; their live region is there once they have.
    await expect(announcer(page)).toBeAttached();

    // Rows are newest first: the test's failure leads its message's table, which is not
    // necessarily the first: j until its row.
    await page.keyboard.press('j');
    await expect(announcer(page)).toHaveText(/^Row 1 of \d+, /);
    for (let n = 0; n < 50 && !((await focusedRow(page)) ?? '').includes(name); n += 1)
      await page.keyboard.press('j');
    await expect(announcer(page)).toContainText(`${name}, Amazon (CL), Analytics, failed `);
    await page.keyboard.press('x');
    await expect(announcer(page)).toHaveText('1 selected');
    await expect(page.getByText(/failed rows? in .* · 1 selected$/)).toBeVisible();
    await screenshot(page, 'keyboard-board-row-focus');
    expect(await seriousA11yViolations(page), 'the board with a row focused').toEqual([]);

    await page.keyboard.press('r');
    const reTrigger = page.getByRole('dialog', { name: 'Re-trigger: 1 row' });
    await expect(reTrigger).toContainText(name);
    // A dialog open: its keys are its own.
    await page.keyboard.press('j');
    await expect(announcer(page)).toHaveText('1 selected');
    await page.keyboard.press('Escape');
    await expect(reTrigger).toBeHidden();
    // Closing a preview clears the board's selection; focus is back on the row: x again.
    await expect(page.getByText(/failed rows? in .* · 0 selected$/)).toBeVisible();
    await page.keyboard.press('x');
    await expect(announcer(page)).toHaveText('1 selected');
    await page.keyboard.press('f');
    const refresh = page.getByRole('dialog', { name: 'Refresh Data: 0 rows' });
    await expect(refresh).toContainText('Not COMPLETED (now FAILED)');
    await page.keyboard.press('Escape');
    await expect(refresh).toBeHidden();
    await page.keyboard.press('k');
    await expect(announcer(page)).toHaveText(/^Row \d+ of \d+, /);
  });

  test('on the setups list j moves to a setup, x ticks it, f previews; typing in the search does neither', async ({
    page,
  }) => {
    await page.goto('/rem_omni/see_all');
    const rows = page.getByRole('table', { name: 'Setups' }).locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    const toolbar = page.getByRole('region', { name: 'List actions' });

    await expect(announcer(page)).toBeAttached();
    const search = page.getByRole('searchbox', { name: 'Search client name' });
    await search.focus();
    await page.keyboard.type('jx');
    await expect(search).toHaveValue('jx');
    await expect(toolbar.getByText('0 selected on this page')).toBeVisible();
    // The search lands after its pause; j is pressed only once the cleared list is back, or it
    // would meet the rows of "jx" (none) on a slow machine.
    await page.waitForURL('**/rem_omni/see_all?search=jx');
    await search.fill('');
    await page.waitForURL((url) => !url.searchParams.has('search'));
    await expect(rows.first()).toBeVisible();
    await page.getByRole('heading', { name: 'Setups', level: 1 }).click();
    await expect(announcer(page)).toBeAttached();

    await page.keyboard.press('j');
    await expect(announcer(page)).toHaveText(/^Row 1 of \d+, /);
    await expect(rows.first()).toBeFocused();
    await screenshot(page, 'keyboard-list-row-focus');
    await page.keyboard.press('j');
    await expect(announcer(page)).toHaveText(/^Row 2 of \d+, /);
    await page.keyboard.press('x');
    await expect(announcer(page)).toHaveText(/^\d+ selected$/);
    await expect(toolbar.getByText(/^[1-9]\d* selected on this page$/)).toBeVisible();
    expect(await seriousA11yViolations(page), 'the list with a row focused').toEqual([]);
    await page.keyboard.press('f');
    await expect(page.getByRole('dialog', { name: /^Refresh Data: \d+ rows?$/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});
