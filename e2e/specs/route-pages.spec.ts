import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { seededSetupId } from '../support/gateway-api.js';

/**
 * Each route's page preloads the scripts of its first load (apps/web/tooling/screen-pages.ts),
 * so the browser asks for all of them while it parses the page. A script the page does not
 * name would be asked for a round trip (or several) later on a slow network.
 */
async function coldLoad(
  browser: Browser,
  storageState: string | undefined,
  path: string,
  ready: (page: Page) => Promise<void>,
) {
  const context = await browser.newContext({ storageState });
  // What the app fetches when the main thread is idle (code for later: the drawer, the sortable
  // list) is not the first load: idle callbacks never come here.
  await context.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });
  const page = await context.newPage();
  const requested = new Set<string>();
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) requested.add(pathname);
  });
  try {
    const response = await page.goto(path);
    await ready(page);
    await page.waitForLoadState('networkidle');
    const html = await response!.text();
    const named = [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    return { requested: [...requested], named, page };
  } finally {
    await context.close();
  }
}

const firstRow = (table: string) => (page: Page) =>
  expect(page.getByRole('table', { name: table }).getByRole('row').nth(1)).toBeVisible();

test.describe("each route's own page", () => {
  test('names every script the login, setups list, details, prospect form, products and prompts screens load first', async ({
    browser,
    page,
    storageState,
  }) => {
    await page.goto('/product/see_all');
    const setupId = await seededSetupId(page);

    const screens: [string, boolean, (page: Page) => Promise<void>][] = [
      ['/login', false, (p) => expect(p.getByRole('button', { name: 'Sign in' })).toBeVisible()],
      ['/rem_omni/see_all', true, firstRow('Setups')],
      [
        `/rem_omni/details/${setupId}`,
        true,
        (p) => expect(p.getByRole('region', { name: 'Client Details' })).toBeVisible(),
      ],
      [
        '/rem_omni/prospect',
        true,
        (p) => expect(p.getByRole('textbox', { name: 'Account Name' })).toBeVisible(),
      ],
      ['/product/see_all', true, firstRow('Products')],
      ['/llm_service/prompts', true, firstRow('Prompts')],
    ];
    for (const [path, signedIn, ready] of screens) {
      const state = signedIn ? (storageState as string) : undefined;
      const { requested, named } = await coldLoad(browser, state, path, ready);
      const notNamed = requested.filter((script) => !named.includes(script));
      expect({ path, notNamed }).toEqual({ path, notNamed: [] });
      // The page names what the screen runs, not every script of the app.
      expect(named.length).toBeGreaterThan(3);
      expect(named.every((script) => requested.includes(script))).toBe(true);
    }
  });
});
