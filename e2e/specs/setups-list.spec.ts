import { expect, screenshot, test } from '../support/fixtures.js';
import { SANDBOX_URL } from '../support/stack.js';

test.describe('the setups list', () => {
  test('shows the setups with their retailers, statuses and refresh rules', async ({ page }) => {
    await page.goto('/rem_omni/see_all');
    await expect(page.getByRole('heading', { name: 'Setups', level: 1 })).toBeVisible();
    await expect(page.getByText('Customer data is refreshed every Monday.')).toBeVisible();
    await expect(page.getByText('ML - Marketshare Lite')).toBeVisible();
    await expect(page.getByText('CL - Category Leaderboard')).toBeVisible();
    const table = page.getByRole('table', { name: 'Setups' });
    await expect(table.getByRole('row')).toHaveCount(21);
    await screenshot(page, 'setups-list');
    // cobalt audio: Costco (ML) failed at STI, Home Depot (ML) completed; no test changes it.
    // Searched for: the setups other specs create come first and push it off the first page.
    await page.getByRole('searchbox', { name: 'Search client name' }).fill('cobalt');
    await page.waitForURL('**/rem_omni/see_all?search=cobalt');
    await expect(table.getByRole('row')).toHaveCount(2);
    const cobalt = table.getByRole('row').filter({ hasText: 'cobalt audio' });
    await expect(cobalt.getByText('Costco (ML)')).toBeVisible();
    await expect(cobalt.getByText('FAILED - STI')).toBeVisible();
    await expect(cobalt.getByText('Home Depot (ML)')).toBeVisible();
    await expect(cobalt.getByText('COMPLETED')).toBeVisible();
    await expect(page.getByRole('link', { name: 'cobalt audio' })).toHaveCount(0);
  });

  test("asks for the page's setups once, without waiting for the screen's code to arrive", async ({
    page,
  }) => {
    const events: string[] = [];
    let dataLeft!: () => void;
    const dataLeaves = new Promise<void>((resolve) => (dataLeft = resolve));
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      events.push(`sent ${path}`);
      if (path === '/api/proxy/customer-setup/rem_omni/allSetup') dataLeft();
    });
    page.on('requestfinished', (r) => events.push(`loaded ${new URL(r.url()).pathname}`));
    // The screen's code is answered only once the data request has left (or after 10 s): a data
    // request that waited for the code would leave after it, whatever the machine's speed.
    await page.route(/\/assets\/see-all-[^/]+\.js$/, async (route) => {
      await Promise.race([dataLeaves, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      await route.continue();
    });
    await page.goto('/rem_omni/see_all?page=2');
    const rows = page.getByRole('table', { name: 'Setups' }).getByRole('row');
    await expect(rows.nth(1).getByRole('cell').nth(1)).toHaveText('21');
    const dataSent = events.filter((e) => e === 'sent /api/proxy/customer-setup/rem_omni/allSetup');
    expect(dataSent).toHaveLength(1);
    const codeLoaded = events.findIndex((e) => /^loaded \/assets\/see-all-[^/]+\.js$/.test(e));
    expect(codeLoaded).toBeGreaterThan(-1);
    expect(events.indexOf(dataSent[0]!)).toBeLessThan(codeLoaded);
  });

  test('searches client names after a pause and keeps the search in the address', async ({
    page,
  }) => {
    await page.goto('/rem_omni/see_all');
    await page.getByRole('searchbox', { name: 'Search client name' }).fill('HARBORVIEW');
    await page.waitForURL('**/rem_omni/see_all?search=HARBORVIEW');
    const rows = page.getByRole('table', { name: 'Setups' }).getByRole('row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText('harborview coffee');
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search client name' })).toHaveValue(
      'HARBORVIEW',
    );
    await expect(rows).toHaveCount(2);
  });

  test('keeps one history entry for a search typed in several pauses: Back leaves the list', async ({
    page,
  }) => {
    await page.goto('/product/see_all');
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
    await page.goto('/rem_omni/see_all');
    const search = page.getByRole('searchbox', { name: 'Search client name' });
    const rows = page.getByRole('table', { name: 'Setups' }).getByRole('row');
    // Three searches, each sent after its pause and read before the next is typed.
    const searches: [string, string[]][] = [
      ['harbor', ['blue harbor foods', 'harborview coffee']],
      ['harborview', ['harborview coffee']],
      ['cobalt', ['cobalt audio']],
    ];
    for (const [text, clients] of searches) {
      await search.fill(text);
      await page.waitForURL(`**/rem_omni/see_all?search=${text}`);
      await expect(rows).toHaveCount(clients.length + 1);
      for (const client of clients) await expect(rows.filter({ hasText: client })).toHaveCount(1);
    }

    await page.goBack();
    await page.waitForURL('**/product/see_all');
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  });

  test('pages through the setups twenty at a time', async ({ page }) => {
    await page.goto('/rem_omni/see_all');
    const pager = page.getByRole('navigation', { name: 'Setups pages' });
    const rows = page.getByRole('table', { name: 'Setups' }).getByRole('row');
    await expect(rows.nth(1).getByRole('cell').nth(1)).toHaveText('1');
    await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await pager.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL('**/rem_omni/see_all?page=2');
    await expect(rows.nth(1).getByRole('cell').nth(1)).toHaveText('21');
    await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(pager.getByRole('button', { name: 'Previous' })).toBeEnabled();
    await pager.getByRole('button', { name: 'Page 1' }).click();
    await page.waitForURL(/\/rem_omni\/see_all$/);
    await expect(rows.nth(1).getByRole('cell').nth(1)).toHaveText('1');
  });

  test("expands a setup's browse nodes and opens a completed client's dashboard in a new tab", async ({
    page,
  }) => {
    // atlas fitness gear: completed on Walmart; no test changes it.
    await page.goto('/rem_omni/see_all?search=atlas');
    await page.getByRole('button', { name: 'Show details of atlas fitness gear' }).click();
    const nodes = page.getByRole('table', { name: 'Browse nodes of atlas fitness gear' });
    await expect(nodes.getByRole('row').nth(1)).toBeVisible();
    await expect(nodes.getByText('Walmart').first()).toBeVisible();
    await screenshot(page, 'setups-list-expanded');

    const link = page.getByRole('link', { name: 'atlas fitness gear' });
    await expect(link).toHaveAttribute('target', '_blank');
    const [dashboard] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await dashboard.waitForLoadState();
    expect(dashboard.url()).toMatch(
      new RegExp(`^${SANDBOX_URL}/dashboard/\\d+/category-leaderboard$`),
    );
  });
});
