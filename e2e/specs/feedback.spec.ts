/**
 * Feedback in the operator's words and reading the screen (issue 31), against the whole stack:
 * a re-trigger's notification and a bulk re-trigger's result name the step by its label, never
 * its key; an export that finds nothing says so and downloads nothing, and an export's lines
 * end with the setup's id and its dates as the fleet read them; a read-only field looks it; a long
 * node path keeps its leaf in sight. Every test that changes setups works on setups of its own (a
 * unique client name).
 */
import { remOmniOps, type FleetSetups, type SetupRow } from '@onboarding/contracts';
import type { Locator, Page } from '@playwright/test';
import {
  api,
  chipsNode,
  createProspectSetup,
  letters,
  seededSetupId,
} from '../support/gateway-api.js';
import { expect, screenshot, test } from '../support/fixtures.js';
import { failWorkflow } from '../support/workflow-control.js';

/** A step key as the upstream writes it (`ncs_ui_trigger`, `sti`). */
const STEP_KEY = /\b[a-z]+(_[a-z]+)+\b|\bsti\b/;

/** Waits until the setup's only row stands FAILED at `stepName`. */
async function failedAt(page: Page, clientName: string, stepName: string): Promise<SetupRow> {
  let row: SetupRow | undefined;
  await expect
    .poll(
      async () => {
        const rows = await api<SetupRow[]>(page, remOmniOps.allSetup, {
          searchText: clientName,
          limit: 20,
          offset: 0,
        });
        row = rows.find((r) => r.clientName === clientName);
        return row ? `${row.status} ${row.stepName}` : 'none';
      },
      { timeout: 30_000, message: `${clientName} fails at ${stepName}` },
    )
    .toBe(`FAILED ${stepName}`);
  return row!;
}

/** A new prospect setup whose workflow stands FAILED at `stepName`. */
async function failedSetup(page: Page, clientName: string, stepName: string) {
  await page.goto('/rem_omni/see_all'); // the gateway calls go from the app's page
  const setupId = await createProspectSetup(page, clientName, await chipsNode(page));
  // The run may still be moving: fail it once it has ended, so nothing moves it on after.
  await expect
    .poll(async () => {
      const [row] = await api<SetupRow[]>(page, remOmniOps.allSetup, {
        searchText: clientName,
        limit: 20,
        offset: 0,
      });
      return ['COMPLETED', 'FAILED'].includes(row?.status ?? '');
    })
    .toBe(true);
  await failWorkflow({ setupId, stepName, message: `Feedback test ${clientName}` });
  return failedAt(page, clientName, stepName);
}

/** The left and right edges of an element on screen. */
const edges = async (locator: Locator) => {
  const box = (await locator.boundingBox())!;
  return { left: box.x, right: box.x + box.width };
};

test.describe("feedback in the operator's words", () => {
  test('a re-trigger says which step it re-ran by its label, never by its key', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const name = `feedback retrigger ${letters()}`;
    const row = await failedSetup(page, name, 'ncs_ui_trigger');

    await page.goto(`/rem_omni/see_all?search=${encodeURIComponent(name)}`);
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Actions/More details' }).click();
    const drawer = page.getByRole('dialog', { name });
    await drawer.getByRole('button', { name: 'Re-trigger Amazon' }).click();
    await page
      .getByRole('dialog', { name: 'Re-trigger' })
      .getByRole('button', { name: 'Re-trigger' })
      .click();
    const told = page.getByRole('alert').filter({ hasText: `setup ${row.setupId}` });
    await expect(told).toContainText('NCS UI Trigger');
    expect(await told.innerText()).not.toMatch(STEP_KEY);
  });

  test("a bulk re-trigger's result names the step by its label", async ({ page }) => {
    test.setTimeout(90_000);
    const name = `feedback bulk ${letters()}`;
    const row = await failedSetup(page, name, 'sti');

    await page.goto('/rem_omni/failures');
    // The step's group opens on its name; the row's reason is the test's own.
    await page
      .getByRole('region', { name: 'STI' })
      .getByRole('button', { name: 'STI', exact: true })
      .click();
    await page.getByRole('checkbox', { name: `Select ${name}, Amazon` }).check();
    await page.getByRole('button', { name: 'Re-trigger', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Re-trigger: 1 row' });
    await dialog.getByRole('button', { name: 'Re-trigger 1' }).click();
    const result = dialog.getByRole('row').filter({ hasText: name });
    await expect(result).toContainText(`Done: `, { timeout: 20_000 });
    await expect(result).toContainText(`STI for setup ${row.setupId}`);
    expect(await result.getByRole('cell').last().innerText()).not.toMatch(STEP_KEY);
  });
});

test.describe('the CSV export', () => {
  test('says there is nothing to export, and downloads nothing, when no setup matches', async ({
    page,
  }) => {
    let downloads = 0;
    page.on('download', () => (downloads += 1));
    await page.goto(`/rem_omni/see_all?search=${encodeURIComponent(`nobody ${letters()}`)}`);
    await expect(page.getByText('No records found')).toBeVisible();
    await page
      .getByRole('region', { name: 'List actions' })
      .getByRole('button', { name: 'Export CSV' })
      .click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'There is nothing to export.' }),
    ).toBeVisible();
    expect(downloads).toBe(0);
  });

  test("ends each line with the setup's id and its dates from the fleet, after the list's columns", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const name = `feedback csv ${letters()}`;
    await page.goto('/rem_omni/see_all');
    const setupId = await createProspectSetup(page, name, await chipsNode(page));
    // The dates are the fleet snapshot's: wait until it has read the new setup (every 5 s here).
    let startedAt: string | null | undefined;
    await expect
      .poll(
        async () => {
          const answer = await page.evaluate(async (id) => {
            const res = await fetch(`/api/fleet/setups?flow=rem_omni&setupIds=${id}`, {
              headers: { 'X-Requested-With': 'XMLHttpRequest' },
            });
            return (await res.json()) as FleetSetups;
          }, setupId);
          startedAt = answer.setups[0]?.startedAt;
          return typeof startedAt === 'string';
        },
        { timeout: 30_000, message: `the fleet reads setup ${setupId}` },
      )
      .toBe(true);
    await page.goto(`/rem_omni/see_all?search=${encodeURIComponent(name)}`);
    await expect(page.getByRole('button', { name: `Actions for ${name}` })).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page
      .getByRole('region', { name: 'List actions' })
      .getByRole('button', { name: 'Export CSV' })
      .click();
    const download = await downloading;
    const stream = await download.createReadStream();
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    const [header, line] = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(
      'Sr No.,Client/Prospect Name,Retailer,is New Client,Status,Step,Setup Id,Started,Last change',
    );
    const iso = '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z';
    expect(line).toMatch(
      new RegExp(`^1,${name},Amazon \\(CL\\),true,.*,${setupId},${iso},${iso}$`),
    );
    const [started, lastChange] = line!.split(',').slice(-2);
    expect(started).toBe(startedAt);
    expect(Date.parse(lastChange!)).toBeGreaterThanOrEqual(Date.parse(started!));
    // Every setup written has its dates: the notification adds no note.
    await expect(page.getByRole('alert').filter({ hasText: /^Exported 1 setup to / })).toHaveText(
      /\.csv$/,
    );
  });
});

test.describe('reading the screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a read-only field looks it: the client of a setup being edited is grey, dashed, with no text cursor and its text at full contrast', async ({
    page,
  }) => {
    await page.goto('/rem_omni/see_all'); // the gateway calls go from the app's page
    await page.goto(`/rem_omni/editSetup/${await seededSetupId(page)}`);
    const look = (name: string) =>
      page.getByRole('textbox', { name }).evaluate((input) => {
        const root = input.closest('.MuiInputBase-root')!;
        const outline = root.querySelector('fieldset')!;
        return {
          background: getComputedStyle(root).backgroundColor,
          border: getComputedStyle(outline).borderTopStyle,
          cursor: getComputedStyle(input).cursor,
          color: getComputedStyle(input).color,
        };
      });
    const client = page.getByRole('textbox', { name: 'Client Name' });
    await expect(client).toHaveValue('cobalt audio');
    await expect(client).toHaveAttribute('readonly', '');
    const [readOnly, editable] = [await look('Client Name'), await look('Enter Brands list')];
    expect(readOnly).toEqual({
      background: 'rgba(0, 0, 0, 0.04)',
      border: 'dashed',
      cursor: 'default',
      color: editable.color,
    });
    expect(editable).toMatchObject({ background: 'rgba(0, 0, 0, 0)', border: 'solid' });
    expect(editable.cursor).not.toBe('default');
  });

  test('a long node path keeps its leaf in sight, in the tree and in the selected card', async ({
    page,
  }) => {
    await page.goto('/rem_omni/prospect');
    await page.getByRole('searchbox', { name: 'Search browse nodes' }).fill('pellet grills');
    await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
    const tree = page.getByRole('tree');
    const item = tree.getByRole('treeitem').first();
    await expect(item).toBeVisible();
    const line = item.locator('label [title]').first();
    const path = (await line.getAttribute('title'))!;
    expect(path.split(' > ').length).toBeGreaterThan(2);
    const leaf = path.split(' > ').at(-1)!;
    const box = item.getByRole('checkbox');
    // The leaf's part of the line stays inside it.
    const shownLeaf = line.locator('[aria-hidden]').last();
    await expect(shownLeaf).toHaveText(leaf);
    const [lineEdges, leafEdges] = [await edges(line), await edges(shownLeaf)];
    expect(leafEdges.right).toBeLessThanOrEqual(lineEdges.right + 1);
    expect(leafEdges.left).toBeGreaterThanOrEqual(lineEdges.left);
    // The parents were cut to make room (the path is longer than a phone's line).
    const parents = line.locator('[aria-hidden]').first();
    expect(await parents.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);

    await box.check();
    const card = page.getByRole('list', { name: /^Selected browse nodes of / });
    const cardLine = card.locator(`[title="${path}"]`).first();
    await expect(cardLine.locator('[aria-hidden]').last()).toHaveText(leaf);
    const [cardEdges, cardLeaf] = [
      await edges(cardLine),
      await edges(cardLine.locator('[aria-hidden]').last()),
    ];
    expect(cardLeaf.right).toBeLessThanOrEqual(cardEdges.right + 1);
    await screenshot(page, 'node-path-leaf-390');
  });
});
