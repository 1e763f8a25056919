import { test as base, type Page } from '@playwright/test';
import { expect, test as signedIn } from '../support/fixtures.js';

/**
 * Every call the page sends to the gateway's API, as `METHOD /path`: the upstream proxy, and the
 * gateway's own fleet, views and watch reads alike.
 */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}`);
  });
  return calls;
}

/** The session check. The sign-in page itself sends nothing until Sign in is pressed. */
const SESSION_CHECK = 'GET /api/config';

base.describe('a first load while signed out', () => {
  for (const address of [
    '/rem_omni/see_all',
    '/rem_omni/details/5',
    '/rem_omni/health',
    '/product/3/failures',
  ]) {
    base(
      `sends no call but the session check before landing on sign-in from ${address}`,
      async ({ page }) => {
        const calls = apiCalls(page);
        await page.goto(address);
        await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
        await expect(page).toHaveURL(/\/login\?returnTo=/);
        // Whatever the sign-in page would send on its own has gone out by now.
        await page.waitForLoadState('networkidle');
        expect(calls.filter((call) => call !== SESSION_CHECK)).toEqual([]);
        expect(calls).toContain(SESSION_CHECK);
      },
    );
  }
});

signedIn.describe('a first load while signed in', () => {
  signedIn('shows Page not found for a bad id, without a data call', async ({ page }) => {
    const calls = apiCalls(page);
    await page.goto('/product/0/details/abc');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The shell's failure watch comes with every signed-in page, whatever the route.
    expect(calls.filter((call) => !call.startsWith('GET /api/watch/'))).toEqual([SESSION_CHECK]);
  });

  signedIn('asks for the list once the session check has answered', async ({ page }, info) => {
    await page.goto('/rem_omni/see_all');
    await expect(page.getByRole('heading', { name: 'Setups', level: 1 })).toBeVisible();
    // A resource's timing entry is written once its answer has ended.
    await expect
      .poll(() =>
        page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .some((e) => e.name.endsWith('/rem_omni/allSetup')),
        ),
      )
      .toBe(true);
    const timing = await page.evaluate(() => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const first = (suffix: string) => entries.find((e) => e.name.endsWith(suffix));
      const config = first('/api/config');
      const list = first('/rem_omni/allSetup');
      return {
        configStart: config?.startTime,
        configAnswered: config?.responseStart,
        configEnd: config?.responseEnd,
        listStart: list?.startTime,
        listEnd: list?.responseEnd,
      };
    });
    info.annotations.push({ type: 'timing', description: JSON.stringify(timing) });
    // The list leaves once the check's answer (its status) is in, which may be a moment before
    // the answer's last byte (responseEnd): a run here saw the list start 0.2 ms before it.
    expect(timing.listStart).toBeGreaterThanOrEqual(timing.configAnswered!);
  });
});
