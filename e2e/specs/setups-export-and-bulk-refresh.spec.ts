/**
 * The setups list's toolbar against the whole stack: the CSV export reads every page of the
 * search and its lines are the list's rows, page by page; the bulk Refresh Data sends the
 * COMPLETED rows of a selection, skips the others with the reason, and the upstream starts a
 * new run for each row sent. Every test works on setups of its own (a unique search), made
 * through the gateway and left only in end states (COMPLETED or FAILED), so the list holds
 * still while the test reads it.
 */
import fs from 'node:fs/promises';
import { remOmniOps, stepLabel, type WorkflowResponse } from '@onboarding/contracts';
import type { Page } from '@playwright/test';
import {
  api,
  chipsNode,
  completedSetups,
  createProspectSetup,
  letters,
  settled,
} from '../support/gateway-api.js';
import { expect, screenshot, seriousA11yViolations, test } from '../support/fixtures.js';
import { parseCsv } from '../support/csv.js';
import { failWorkflow } from '../support/workflow-control.js';

/** What a data row of the Setups table shows: its Sr No., client and retailer lines. */
async function shownRows(page: Page) {
  const rows = page.getByRole('table', { name: 'Setups' }).locator('tbody').getByRole('row');
  await expect(rows.first()).toBeVisible();
  const shown: { srNo: string; client: string; retailers: string[]; isNewClient: string }[] = [];
  for (const row of await rows.all()) {
    const cells = (await row.getByRole('cell').allInnerTexts()).map((t) => t.trim());
    shown.push({
      srNo: cells.find((t) => /^\d+$/.test(t))!,
      // The name's own line: a running or failed setup's forecast may follow it in the cell.
      client: cells.find((t) => /^csvexport /.test(t))!.split('\n')[0]!,
      retailers: (await row.getByRole('listitem').allInnerTexts()).map((t) =>
        t.replace(/\s+/g, ' ').trim(),
      ),
      isNewClient: cells.find((t) => t === 'true' || t === 'false')!,
    });
  }
  return shown;
}

test.describe('the setups list toolbar', () => {
  test("exports every page of a search as a dated CSV whose lines are the list's rows", async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const prefix = `csvexport ${letters()}`;
    // 21 one-retailer setups: two pages of the list (20 rows a page).
    const names = Array.from({ length: 21 }, (_, i) => `${prefix} ${String.fromCharCode(97 + i)}`);
    await page.goto('/rem_omni/see_all');
    const chips = await chipsNode(page);
    const ids: number[] = [];
    for (const name of names) ids.push(await createProspectSetup(page, name, chips));
    // Failed at chosen steps, so the file shows more than one status and step.
    await failWorkflow({ setupId: ids[3]!, stepName: 'sti' });
    await failWorkflow({ setupId: ids[17]!, stepName: 'analytics' });
    await settled(page, prefix, 21);

    await page.goto(`/rem_omni/see_all?search=${encodeURIComponent(prefix)}`);
    await expect(page.getByRole('searchbox', { name: 'Search client name' })).toHaveValue(prefix);
    const table = page.getByRole('table', { name: 'Setups' });
    await expect(table.locator('tbody').getByRole('row')).toHaveCount(20);

    const downloading = page.waitForEvent('download');
    await page
      .getByRole('region', { name: 'List actions' })
      .getByRole('button', { name: 'Export CSV' })
      .click();
    const download = await downloading;
    const fileName = `setups-${new Date().toISOString().slice(0, 10)}.csv`;
    expect(download.suggestedFilename()).toBe(fileName);
    await expect(page.getByText(`Exported 21 setups to ${fileName}`)).toBeVisible();
    const text = await fs.readFile(await download.path(), 'utf8');
    expect(text.startsWith('\uFEFF'), 'a byte-order mark for spreadsheets').toBe(true);
    const [header, ...lines] = parseCsv(text.slice(1));
    expect(header).toEqual([
      'Sr No.',
      'Client/Prospect Name',
      'Retailer',
      'is New Client',
      'Status',
      'Step',
      'Setup Id',
      'Started',
      'Last change',
    ]);
    expect(lines).toHaveLength(21);
    // The extra column after the list's: each line's setup id, the one its client was given.
    expect(lines.map((l) => l[6])).toEqual(lines.map((l) => String(ids[names.indexOf(l[1]!)])));
    expect(new Set(lines.map((l) => l[1]))).toEqual(new Set(names));
    expect(lines.find((l) => l[1] === names[3])?.slice(4, 6)).toEqual(['FAILED', stepLabel('sti')]);
    expect(lines.find((l) => l[1] === names[17])?.slice(4, 6)).toEqual([
      'FAILED',
      stepLabel('analytics'),
    ]);

    // Page by page, each line is a row as the list shows it: number, client, retailer, badge.
    const shown = await shownRows(page);
    await page
      .getByRole('navigation', { name: 'Setups pages' })
      .getByRole('button', { name: 'Next' })
      .click();
    await page.waitForURL(/[?&]page=2/);
    await expect(table.locator('tbody').getByRole('row')).toHaveCount(1);
    shown.push(...(await shownRows(page)));
    expect(
      lines.map(([srNo, client, retailer, isNewClient, status, step]) => ({
        srNo,
        client,
        retailers: [`${retailer} ${status === 'FAILED' && step ? `${status} - ${step}` : status}`],
        isNewClient,
      })),
    ).toEqual(shown);
  });

  test('refreshes the COMPLETED rows of a selection in bulk and skips the others with the reason', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const prefix = `bulkrefresh ${letters()}`;
    await page.goto('/rem_omni/see_all');
    const chips = await chipsNode(page);
    const { completed, made } = await completedSetups(page, prefix, chips, 2);
    const failedName = `${prefix} failed`;
    const failedId = await createProspectSetup(page, failedName, chips);
    await failWorkflow({ setupId: failedId, stepName: 'sti' });
    const rows = await settled(page, prefix, made + 1);
    const notCompleted = rows.filter((r) => r.status !== 'COMPLETED');

    await page.goto(`/rem_omni/see_all?search=${encodeURIComponent(prefix)}`);
    const toolbar = page.getByRole('region', { name: 'List actions' });
    await expect(
      page.getByRole('table', { name: 'Setups' }).locator('tbody').getByRole('row'),
    ).toHaveCount(rows.length);
    await page.getByRole('checkbox', { name: 'Select all setups on this page' }).check();
    await expect(toolbar.getByText(`${rows.length} selected on this page`)).toBeVisible();
    await toolbar.getByRole('button', { name: 'Refresh Data' }).click();

    const dialog = page.getByRole('dialog', { name: `Refresh Data: ${completed.length} rows` });
    await expect(dialog).toBeVisible();
    const toSend = dialog.getByRole('table', { name: 'Rows to refresh data' });
    await expect(toSend.locator('tbody').getByRole('row')).toHaveCount(completed.length);
    for (const row of completed) {
      await expect(toSend.getByRole('row').filter({ hasText: row.clientName })).toHaveCount(1);
    }
    const skipped = dialog.getByRole('region', { name: `Skipped (${notCompleted.length})` });
    await expect(skipped.getByRole('listitem')).toHaveCount(notCompleted.length);
    await expect(skipped.getByRole('listitem').filter({ hasText: failedName })).toHaveText(
      new RegExp(`^${failedName}, Amazon \\(\\w+\\): Not COMPLETED \\(now FAILED\\)$`),
    );
    await screenshot(page, 'setups-bulk-refresh-preview');
    expect(await seriousA11yViolations(page), 'the bulk refresh preview').toEqual([]);

    await dialog.getByRole('button', { name: `Refresh Data ${completed.length}` }).click();
    const n = completed.length;
    await expect(dialog.getByRole('status')).toHaveText(
      `${n} of ${n} answered · ${n} done · 0 failed`,
      { timeout: 30_000 },
    );
    await expect(dialog.getByRole('button', { name: 'Retry failed (0)' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(toolbar.getByText('0 selected on this page')).toBeVisible();

    // Upstream, each row sent started a new run: its finished steps went to the history (a
    // step's completed state is superseded only by a new run). The skipped row still stands.
    const workflow = (setupId: number) =>
      api<WorkflowResponse>(page, remOmniOps.worflowData, { setupId });
    for (const row of completed) {
      const { historyWorkflow } = await workflow(row.setupId);
      expect(
        historyWorkflow.filter((e) => e.status === 'completed'),
        row.clientName,
      ).not.toEqual([]);
    }
    const { currentWorkflow } = await workflow(failedId);
    expect(currentWorkflow.find((e) => e.stepName === 'sti')?.status).toBe('failed');
  });
});
