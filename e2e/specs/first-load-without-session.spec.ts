import { test as base, type Page } from '@playwright/test';
import { expect, test as signedIn } from '../support/fixtures.js';

/** Every data call the page sends (the session check is /api/config, not a proxy call). */
function dataCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/proxy/')) calls.push(url.pathname);
  });
  return calls;
}

base.describe('a first load while signed out', () => {
  for (const address of ['/rem_omni/see_all', '/rem_omni/details/5']) {
    base(`sends no data call before landing on sign-in from ${address}`, async ({ page }) => {
      const calls = dataCalls(page);
      await page.goto(address);
      await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
      await expect(page).toHaveURL(/\/login\?returnTo=/);
      expect(calls).toEqual([]);
    });
  }
});

signedIn.describe('a first load while signed in', () => {
  signedIn('shows Page not found for a bad id, without a data call', async ({ page }) => {
    const calls = dataCalls(page);
    await page.goto('/product/0/details/abc');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    expect(calls).toEqual([]);
  });

  signedIn('asks for the list once the session check has answered', async ({ page }, info) => {
    await page.goto('/rem_omni/see_all');
    await expect(page.getByRole('heading', { name: 'Setups', level: 1 })).toBeVisible();
    const timing = await page.evaluate(() => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const first = (suffix: string) => entries.find((e) => e.name.endsWith(suffix));
      const config = first('/api/config');
      const list = first('/rem_omni/allSetup');
      return {
        configStart: config?.startTime,
        configEnd: config?.responseEnd,
        listStart: list?.startTime,
        listEnd: list?.responseEnd,
      };
    });
    info.annotations.push({ type: 'timing', description: JSON.stringify(timing) });
    expect(timing.listStart).toBeGreaterThanOrEqual(timing.configEnd!);
  });
});
