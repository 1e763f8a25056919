/**
 * The forecast (issue 32) against the whole stack: the gateway's fleet snapshot forecasts a
 * running setup of the sandbox's seed (its runs in flight move on over hours), and the setup's
 * details page says when it should go live, as the snapshot says.
 */
import { fleetOps, type FleetSnapshot } from '@onboarding/contracts';
import type { Page } from '@playwright/test';
import { expect, screenshot, test } from '../support/fixtures.js';

/** GET /api/fleet/snapshot of the Category Leaderboard, from the signed-in page. */
function snapshot(page: Page): Promise<FleetSnapshot> {
  return page.evaluate(async (path) => {
    const res = await fetch(`${path}?flow=rem_omni`);
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    return (await res.json()) as FleetSnapshot;
  }, fleetOps.snapshot.path);
}

test.describe('forecast', () => {
  test('the details page of a running setup says when it should go live', async ({ page }) => {
    await page.goto('/rem_omni/see_all');
    // Signing in starts the gateway's reading of the fleet: wait for a complete snapshot.
    let fleet = await snapshot(page);
    await expect
      .poll(async () => (fleet = await snapshot(page)).state, { timeout: 60_000 })
      .toBe('ready');
    // The sandbox moves setups on every few seconds: the one furthest from live, and another
    // read of the fleet if it went live before its page opened.
    const workflow = page.getByRole('region', { name: 'Workflow Status', exact: true });
    const forecast = workflow.getByRole('group', { name: 'Forecast' });
    let running: NonNullable<FleetSnapshot['metrics']>['forecasts'][number] | undefined;
    for (let tries = 0; tries < 5; tries++) {
      if (tries > 0) fleet = await snapshot(page);
      running = fleet.metrics?.forecasts
        .filter((f) => f.state === 'running' && f.liveBy)
        .sort((a, b) => Date.parse(b.liveBy!) - Date.parse(a.liveBy!))[0];
      expect(running, 'a running seeded setup with a forecast').toBeDefined();
      await page.goto(`/rem_omni/details/${running!.setupId}`);
      await expect(workflow).toBeVisible();
      if (await forecast.isVisible()) break;
      await forecast.waitFor({ timeout: 3_000 }).catch(() => undefined);
      if (await forecast.isVisible()) break;
    }
    await expect(forecast).toContainText(/^Forecast live by \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/);
    // The same forecast as the snapshot's, give or take what a later refresh moved it by (the
    // snapshot is read again every 5 s here).
    const text = (await forecast.getByText(/^Forecast live by /).textContent())!;
    const shownAt = await page.evaluate(
      (date) => Date.parse(date.replace(',', '')),
      text.slice('Forecast live by '.length),
    );
    expect(Math.abs(shownAt - Date.parse(running!.liveBy!))).toBeLessThan(60 * 60_000);
    await screenshot(page, 'setup-details-forecast');
  });
});
