import { expect, screenshot, test } from '../support/fixtures.js';

test.describe('setup details', () => {
  test('shows the client, its browse nodes and the workflow moving live after a re-trigger', async ({
    page,
  }) => {
    // Re-trigger the failed STI step of fable kids apparel on Amazon from the drawer.
    await page.goto('/rem_omni/see_all?search=fable');
    await page.getByRole('button', { name: 'Actions for fable kids apparel' }).click();
    await page.getByRole('menuitem', { name: 'Actions/More details' }).click();
    const drawer = page.getByRole('dialog', { name: 'fable kids apparel' });
    await drawer.getByRole('button', { name: 'Re-trigger Amazon' }).click();
    await page
      .getByRole('dialog', { name: 'Re-trigger' })
      .getByRole('button', { name: 'Re-trigger' })
      .click();
    await expect(drawer.getByText('NOT_STARTED')).toBeVisible();
    await drawer.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Actions for fable kids apparel' }).click();
    await page.getByRole('menuitem', { name: 'See Details' }).click();
    await page.waitForURL(/\/rem_omni\/details\/\d+$/);

    const client = page.getByRole('region', { name: 'Client Details' });
    await expect(client.getByRole('link', { name: 'fable kids apparel' })).toHaveAttribute(
      'href',
      /\/dashboard\/\d+\/category-leaderboard$/,
    );
    await expect(page.getByRole('article', { name: 'Amazon' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Walmart' })).toBeVisible();
    const history = page.getByRole('region', { name: 'Workflow Status History', exact: true });
    await expect(history).toBeVisible();

    const timeline = page.getByRole('region', { name: 'Workflow Status timeline' });
    const workflow = page.getByRole('region', { name: 'Workflow Status', exact: true });
    await expect(workflow.getByTestId('updated-ago')).toContainText('refreshing every 10 s');
    await screenshot(page, 'setup-details-running');
    // Every step of Amazon ends completed; then the page stops refreshing itself.
    await expect(
      timeline
        .getByRole('listitem')
        .filter({ hasText: 'Share of Voice WF' })
        .filter({ hasText: '4 (Amazon)' }),
    ).toContainText('completed', { timeout: 30_000 });
    await expect(workflow.getByTestId('updated-ago')).not.toContainText('refreshing');
    await expect(workflow.getByTestId('updated-ago')).toHaveText(/^Updated \d+ s ago$/);
    await screenshot(page, 'setup-details-done');
  });
});
