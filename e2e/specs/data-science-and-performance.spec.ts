/**
 * The Data Science (Experimental) screen is fetched on demand as its own code chunk, and the
 * Performance screen shows only its notice.
 */
import { expect, screenshot, test } from '../support/fixtures.js';

test('opening Data Science → Experimental fetches the search volume chunk on demand', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/llm_service/prompts');
  await expect(page.getByRole('heading', { name: 'Prompts', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The prompts screen's own chunks arrived, the search volume chunk did not.
  expect(scripts.some((s) => s.includes('prompt'))).toBe(true);
  expect(scripts.filter((s) => s.includes('search-volume'))).toEqual([]);

  await page.getByRole('button', { name: /Data Science/i }).click();
  await page.getByRole('link', { name: 'Experimental' }).click();
  await expect(page).toHaveURL('/search_volume');
  await expect(
    page.getByText('The search volume view is experimental and not available yet.'),
  ).toBeVisible();
  expect(scripts.filter((s) => /search-volume[^/]*\.js$/.test(s))).toHaveLength(1);
  await screenshot(page, 'search-volume');
});

test('the performance screen shows Performance Coming Soon!', async ({ page }) => {
  await page.goto('/performance-metric');
  await expect(page.getByRole('heading', { name: 'Performance Coming Soon!' })).toBeVisible();
});
