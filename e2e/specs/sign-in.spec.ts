import { test as base } from '@playwright/test';
import { expect, OPERATOR, screenshot, signIn } from '../support/fixtures.js';

// These tests start signed out.
const test = base;

test.describe('signing in', () => {
  test('signs in through the identity provider and lands on the setups list', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
    const email = page.getByRole('textbox', { name: 'Your email' });
    await expect(email).toHaveAttribute('placeholder', 'name@company.com');
    await expect(email).toHaveAttribute('type', 'email');
    await screenshot(page, 'login');

    await signIn(page);
    await page.waitForURL('**/rem_omni/see_all');
    await expect(page.getByRole('heading', { name: 'Setups', level: 1 })).toBeVisible();
    await expect(page.getByTestId('signed-in-email')).toHaveText(OPERATOR);
  });

  test('asks for an e-mail before going anywhere', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Please enter an email ID.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('says the network failed when the sign-in request gets no answer', async ({ page }) => {
    await page.route('**/api/sso/getAuthUrl', (route) => route.abort('internetdisconnected'));
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Your email' }).fill(OPERATOR);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Network error. Please check your connection and try again.',
    );
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    await expect(page).toHaveURL(/\/login$/);
    await screenshot(page, 'login-network-error');
  });

  test('sends a signed-out visitor to login and, after sign-in, to the page they asked for', async ({
    page,
  }) => {
    await page.goto('/rem_omni/details/13');
    await page.waitForURL('**/login?returnTo=%2Frem_omni%2Fdetails%2F13');
    await signIn(page);
    await page.waitForURL('**/rem_omni/details/13');
    await expect(page.getByRole('heading', { name: 'Setup Details', level: 1 })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Client Details' }).getByText('harborview coffee'),
    ).toBeVisible();
  });

  test('signs out at the identity provider and needs a new sign-in afterwards', async ({
    page,
  }) => {
    await page.goto('/login');
    await signIn(page);
    await page.waitForURL('**/rem_omni/see_all');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login**');
    await page.goto('/rem_omni/see_all');
    await page.waitForURL('**/login?returnTo=%2Frem_omni%2Fsee_all');
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  });
});
