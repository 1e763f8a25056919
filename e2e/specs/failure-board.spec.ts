/**
 * The failure board (/rem_omni/failures) against the whole stack: setups of the test's own,
 * failed through the sandbox's workflow control, show up grouped by step and message once the
 * gateway's fleet snapshot has read them; one message group (plus an ncs_client_db_setup row,
 * which is skipped) is re-triggered in bulk from the preview, each row answers, and the
 * re-triggered rows leave the board. The sandbox's seeded data and other tests have FAILED rows
 * too, so every check is scoped to this test's clients and its unique messages.
 */
import { stepLabel } from '@onboarding/contracts';
import type { Page } from '@playwright/test';
import {
  AMAZON,
  chipsNode,
  createProspectSetup,
  letters,
  setupRowsOf,
} from '../support/gateway-api.js';
import { expect, screenshot, seriousA11yViolations, test } from '../support/fixtures.js';
import { failWorkflow } from '../support/workflow-control.js';

const rowOf = (page: Page, clientName: string) =>
  setupRowsOf(page, clientName).then((rows) => rows[0]);

test.describe('failure board', () => {
  test('groups failures by step and message, and re-triggers a message group in bulk', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const tag = letters();
    const names = {
      first: `fboard first ${tag}`,
      second: `fboard second ${tag}`,
      other: `fboard other ${tag}`,
      ncs: `fboard ncs ${tag}`,
    };
    const SAME = `Search volume quota exhausted for run ${tag}`;
    const OTHER = `Scoring job was evicted from node ${tag}`;
    const NCS = `Client database ${tag} could not be created`;

    await page.goto('/rem_omni/see_all');
    const chips = await chipsNode(page);
    const createSetup = (name: string) => createProspectSetup(page, name, chips, ['Board Test']);
    const ids: Record<keyof typeof names, number> = {
      first: await createSetup(names.first),
      second: await createSetup(names.second),
      other: await createSetup(names.other),
      ncs: await createSetup(names.ncs),
    };
    await failWorkflow({ setupId: ids.first, stepName: 'sti', message: SAME });
    await failWorkflow({ setupId: ids.second, retailerId: AMAZON, stepName: 'sti', message: SAME });
    await failWorkflow({ setupId: ids.other, stepName: 'sti', message: OTHER });
    await failWorkflow({ setupId: ids.ncs, stepName: 'ncs_client_db_setup', message: NCS });
    for (const name of Object.values(names)) {
      expect((await rowOf(page, name))?.status, name).toBe('FAILED');
    }

    await page.goto('/rem_omni/failures');
    await expect(page.getByRole('heading', { name: 'Failures', level: 1 })).toBeVisible();
    // The board reads the gateway's fleet snapshot (read again every 5 s here) and asks for it
    // again every 15 s while shown: this test's failures show within a refresh and a poll.
    await expect(page.getByRole('status').filter({ hasText: /failed rows? in/ })).toBeVisible({
      timeout: 45_000,
    });
    await expect(page.getByText(/^Updated \d+ (s|min) ago/)).toBeVisible();

    const sti = page.getByRole('region', { name: stepLabel('sti'), exact: true });
    const ncsStep = page.getByRole('region', {
      name: stepLabel('ncs_client_db_setup'),
      exact: true,
    });
    await sti.getByRole('button', { name: stepLabel('sti'), exact: true }).click();
    const same = page.getByRole('region', { name: `${SAME} (2)`, exact: true });
    const other = page.getByRole('region', { name: `${OTHER} (1)`, exact: true });
    const ncs = page.getByRole('region', { name: `${NCS} (1)`, exact: true });
    // An open group stays open while the board takes in a newer snapshot.
    await expect(sti.getByRole('region', { name: `${SAME} (2)` })).toBeVisible({ timeout: 45_000 });
    await ncsStep
      .getByRole('button', { name: stepLabel('ncs_client_db_setup'), exact: true })
      .click();
    // The step sections count this test's rows among the others' (three at STI, one at NCS).
    const failedCount = async (section: typeof sti) =>
      Number((await section.getByText(/^\d+ failed$/).textContent())!.split(' ')[0]);
    expect(await failedCount(sti)).toBeGreaterThanOrEqual(3);
    expect(await failedCount(ncsStep)).toBeGreaterThanOrEqual(1);
    // Newest failure first.
    await expect(same.getByRole('link')).toHaveText([names.second, names.first]);
    await expect(sti.getByRole('region', { name: `${OTHER} (1)` })).toBeVisible();
    await expect(other.getByRole('link')).toHaveText([names.other]);
    await expect(ncsStep.getByRole('region', { name: `${NCS} (1)` })).toBeVisible();
    await expect(ncs.getByRole('link')).toHaveText([names.ncs]);
    await screenshot(page, 'failure-board');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // One message group, and the ncs_client_db_setup row, which the preview skips.
    await same
      .getByRole('checkbox', { name: `Select the 2 rows failing with: ${SAME}`, exact: true })
      .check();
    await ncs.getByRole('checkbox', { name: new RegExp(`^Select ${names.ncs}, `) }).check();
    await expect(page.getByRole('status').filter({ hasText: /· 3 selected$/ })).toBeVisible();
    await page.getByRole('button', { name: 'Re-trigger', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: 'Re-trigger: 2 rows' });
    await expect(dialog).toBeVisible();
    const toSend = dialog.getByRole('table', { name: 'Rows to re-trigger' }).getByRole('row');
    await expect(toSend).toHaveCount(3);
    await expect(toSend.filter({ hasText: names.first })).toContainText(stepLabel('sti'));
    await expect(toSend.filter({ hasText: names.second })).toContainText('Will be sent');
    const skipped = dialog.getByRole('region', { name: 'Skipped (1)' });
    await expect(skipped.getByRole('listitem')).toHaveText([
      new RegExp(
        `^${names.ncs}, Amazon .*: The step ${stepLabel('ncs_client_db_setup')} cannot be re-triggered$`,
      ),
    ]);
    await screenshot(page, 'failure-board-retrigger-preview');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Re-trigger 2', exact: true }).click();
    await expect(dialog.getByRole('status')).toHaveText('2 of 2 answered · 2 done · 0 failed', {
      timeout: 30_000,
    });
    for (const name of [names.first, names.second]) {
      await expect(toSend.filter({ hasText: name }).getByRole('cell').last()).toHaveText(/^Done: /);
    }
    await expect(dialog.getByRole('button', { name: 'Retry failed (0)' })).toBeDisabled();
    await screenshot(page, 'failure-board-retrigger-done');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // The board reloads: the re-triggered rows left it; the others are still there.
    await expect(page.getByRole('link', { name: names.first, exact: true })).toHaveCount(0, {
      timeout: 45_000,
    });
    await expect(page.getByRole('link', { name: names.second, exact: true })).toHaveCount(0);
    await expect(page.getByRole('region', { name: new RegExp(`^${SAME} \\(`) })).toHaveCount(0);
    await expect(other.getByRole('link')).toHaveText([names.other]);
    await expect(ncs.getByRole('link')).toHaveText([names.ncs]);
    await expect(page.getByRole('status').filter({ hasText: /· 0 selected$/ })).toBeVisible();

    // Upstream, the re-triggered runs moved on; the others still stand FAILED.
    for (const name of [names.first, names.second]) {
      await expect
        .poll(async () => (await rowOf(page, name))?.status, { timeout: 30_000 })
        .not.toBe('FAILED');
    }
    expect((await rowOf(page, names.other))?.status).toBe('FAILED');
    expect((await rowOf(page, names.ncs))?.status).toBe('FAILED');
  });
});
