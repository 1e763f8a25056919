import { test as base } from '@playwright/test';
import { expect, OPERATOR } from '../support/fixtures.js';

// Signed out, as a visitor arriving at sign-in is.
const test = base;

/** The sign-in page's own script (apps/web/tooling/login-page.ts names its entry so). */
const OWN_SCRIPT = /^\/assets\/sign-in-page-[^/]+\.js$/;

test.describe('the sign-in page without the app', () => {
  test("checks the e-mail and signs in through the identity provider with the app's code blocked", async ({
    page,
  }) => {
    const blocked: string[] = [];
    const loaded: string[] = [];
    await page.route('**/assets/**', (route) => {
      const { pathname } = new URL(route.request().url());
      if (OWN_SCRIPT.test(pathname)) return route.continue();
      blocked.push(pathname);
      return route.abort('blockedbyclient');
    });
    page.on('requestfinished', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/assets/')) loaded.push(pathname);
    });

    await page.goto('/login?returnTo=%2Fllm_service%2Fprompts');
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Please enter an email ID.')).toBeVisible();
    await expect(page).toHaveURL(/\/login\?returnTo=/);

    await page.getByRole('textbox', { name: 'Your email' }).fill(OPERATOR);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/oidc\//);
    // The page's own script did it all: the app's scripts it names were asked for and refused.
    expect(loaded.length).toBe(1);
    expect(loaded[0]).toMatch(OWN_SCRIPT);
    expect(blocked.length).toBeGreaterThan(3);

    // At the identity provider; back from it, the app (no longer blocked) opens where sign-in
    // was asked for.
    await page.unroute('**/assets/**');
    await expect(page.getByRole('textbox', { name: 'Work e-mail' })).toHaveValue(OPERATOR);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/llm_service/prompts');
    await expect(page.getByRole('heading', { name: 'Prompts', level: 1 })).toBeVisible();
    await expect(page.getByTestId('signed-in-email')).toHaveText(OPERATOR);
  });
});
