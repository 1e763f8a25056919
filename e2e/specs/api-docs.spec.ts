/**
 * The gateway's API docs as a developer signed in to the console uses them: Try it out on a
 * proxied call sends the session cookie and the X-Requested-With header, and shows the real
 * answer; the request offered is the contract's example.
 */
import { expect, test } from '../support/fixtures.js';

test('a signed-in developer tries allSetup in the API docs and gets the first page of setups', async ({
  page,
}) => {
  await page.goto('/api/docs');
  const summary = page.getByRole('button', {
    name: /^POST \/api\/proxy\/customer-setup\/rem_omni\/allSetup /,
  });
  const operation = page.locator('.opblock').filter({ has: summary });
  await summary.click();
  await operation.getByRole('button', { name: 'Try it out' }).click();
  // The contract's example: a first page of 20.
  const body = operation.locator('textarea.body-param__text');
  await expect(body).toHaveValue(/"limit": 20/);
  await expect(body).toHaveValue(/"offset": 0/);
  const answer = page.waitForResponse(
    (res) => res.url().endsWith('/rem_omni/allSetup') && res.request().method() === 'POST',
  );
  await operation.getByRole('button', { name: 'Execute' }).click();
  const res = await answer;
  expect(res.status()).toBe(200);
  expect(res.request().headers()['x-requested-with']).toBe('XMLHttpRequest');
  await expect(
    operation.locator('.live-responses-table tbody .response-col_status').first(),
  ).toHaveText('200');
  const rows = (await res.json()) as { setupId: number }[];
  // One row per setup and retailer: a page holds at most 20 setups.
  const setups = new Set(rows.map((r) => r.setupId));
  expect(setups.size).toBeGreaterThan(0);
  expect(setups.size).toBeLessThanOrEqual(20);
});
