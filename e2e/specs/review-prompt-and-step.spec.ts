/**
 * Review before update (issue 16), for prompts and steps, in a real browser against the whole
 * stack: an Update that changes nothing says so and sends nothing; a change opens the review
 * with the fields before and after; Cancel sends nothing and gives focus back to the update
 * button; confirming saves. Adding sends at once, without a review.
 */
import { productRegisterOps, type Step } from '@onboarding/contracts';
import type { Page } from '@playwright/test';
import { api } from '../support/gateway-api.js';
import { expect, screenshot, seriousA11yViolations, test } from '../support/fixtures.js';

const stamp = () => Date.now().toString(36);
const NOTHING_CHANGED = 'Nothing changed, so nothing was sent.';

/**
 * Searches the prompts and waits for the list to settle: the filter lands 500 ms after typing
 * stops, and a click in that instant can start on one row and end on another.
 */
async function searchPrompts(page: Page, name: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search prompts' }).fill(name);
  await expect(page).toHaveURL(/search=/);
}

/** The URLs of the requests to `path` the page sends from now on. */
function requestsTo(page: Page, path: string): string[] {
  const seen: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes(path)) seen.push(req.url());
  });
  return seen;
}

test('an operator reviews a prompt update: nothing changed is not sent, Cancel keeps editing, Update saves', async ({
  page,
}) => {
  const name = `E2E review ${stamp()}`;
  await page.goto('/llm_service/prompts/add');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page
    .getByRole('textbox', { name: 'Prompt' })
    .fill('Summarise {{category}} for {{retailer}}');
  await page.getByRole('textbox', { name: '{{category}}' }).fill('Snacks');
  await page.getByRole('textbox', { name: '{{retailer}}' }).fill('Amazon');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page).toHaveURL('/llm_service/prompts');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await searchPrompts(page, name);
  await page.getByRole('link', { name, exact: true }).click();
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('textbox', { name: '{{retailer}}' })).toHaveValue('Amazon');
  const updates = requestsTo(page, '/prompts/update');
  const update = page.getByRole('button', { name: 'Update', exact: true });

  await update.click();
  await expect(page.getByText(NOTHING_CHANGED)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('textbox', { name: '{{category}}' }).fill('Crisps');
  await page.getByRole('textbox', { name: 'Business Context' }).fill('Grocery retail');
  await expect(page.getByText(NOTHING_CHANGED)).toBeHidden();
  await update.click();
  const review = page.getByRole('dialog', { name: 'Review changes to the prompt' });
  const rows = review.getByRole('table', { name: 'Changed fields' }).getByRole('row');
  await expect(rows).toHaveText([
    /Field\s*Before\s*After/,
    /Business Context\s*—\s*Grocery retail/,
    /\{\{category\}\}\s*Snacks\s*Crisps/,
  ]);
  await expect(review.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await screenshot(page, 'prompt-review');
  expect(await seriousA11yViolations(page), 'prompt review').toEqual([]);

  await review.getByRole('button', { name: 'Cancel' }).click();
  await expect(review).toBeHidden();
  await expect(update).toBeFocused();
  expect(updates).toEqual([]);

  await update.click();
  await review.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL('/llm_service/prompts');
  expect(updates).toHaveLength(1);
  await searchPrompts(page, name);
  await page.getByRole('link', { name, exact: true }).click();
  const defaults = page.getByRole('table', { name: 'Default Values' });
  await expect(defaults.getByRole('row', { name: 'category Crisps' })).toBeVisible();
});

test('an operator reviews a step update with a long template whole, then saves it', async ({
  page,
}) => {
  const id = stamp();
  await page.goto('/product/see_all');
  const productName = `E2E Review ${id}`;
  await api(page, productRegisterOps.registerProduct, {
    productName,
    productPath: `/e2e-review-${id}/amazon/overview`,
  });
  const { products } = await api<{ products: { productId: number; productName: string }[] }>(
    page,
    productRegisterOps.productList,
    {},
  );
  const productId = products.find((p) => p.productName === productName)!.productId;
  const stepName = `review_${id}`;
  await api(page, productRegisterOps.registerStep, {
    stepName,
    productId,
    pollingDelay: 5,
    expectedExecutionTime: null,
    triggerPayload: '{"url": "https://jobs.example/start"}',
    statusPayload: '{"url": "https://jobs.example/status/{{requestId}}"}',
    requestIdPath: 'data.requestId',
    statusPath: 'data.status',
    isPolling: true,
    isRefreshRequired: true,
    shouldRunOnAdd: false,
    shouldRunOnEdit: false,
    statusMap: '{"DONE": "completed"}',
  });
  const stepsOf = () =>
    api<{ steps: Step[] }>(page, productRegisterOps.stepList, {}, `?productId=${productId}`).then(
      (answer) => answer.steps,
    );

  await page.goto(`/product/${productId}/step_detail`);
  await page.getByRole('button', { name: `Actions for ${stepName}` }).click();
  await page.getByRole('menuitem', { name: 'Edit Step' }).click();
  await expect(page.getByRole('textbox', { name: 'Step Name' })).toHaveValue(stepName);
  const updates = requestsTo(page, '/product_register/update-step');
  const update = page.getByRole('button', { name: 'Update Step' });

  await update.click();
  await expect(page.getByText(NOTHING_CHANGED)).toBeVisible();

  const longTrigger = JSON.stringify(
    {
      url: 'https://jobs.example/start',
      body: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, `{{v${i}}}`])),
    },
    null,
    2,
  );
  await page.getByRole('spinbutton', { name: 'Polling Delay (minutes)' }).fill('15');
  await page.getByRole('textbox', { name: 'Trigger Payload', exact: true }).fill(longTrigger);
  await page.getByRole('checkbox', { name: 'Is Polling' }).uncheck();
  await update.click();

  const review = page.getByRole('dialog', { name: 'Review changes to the step' });
  const rows = review.getByRole('table', { name: 'Changed fields' }).getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toHaveText(/Polling Delay \(minutes\)\s*5\s*15/);
  await expect(rows.nth(3)).toHaveText(/Is Polling\s*Yes\s*No/);
  // The template is there whole, in a box that scrolls.
  const after = rows.nth(2).getByRole('cell').last().locator('div');
  await expect(after).toHaveText(longTrigger, { useInnerText: false });
  expect(await after.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await screenshot(page, 'step-review');
  // A value box that scrolls can be reached and read from the keyboard.
  await expect(after).toHaveAttribute('tabindex', '0');
  await expect(after).toHaveAccessibleName('Trigger Payload, after');
  expect(await seriousA11yViolations(page), 'step review').toEqual([]);

  await review.getByRole('button', { name: 'Cancel' }).click();
  await expect(update).toBeFocused();
  expect(updates).toEqual([]);

  await update.click();
  await review.getByRole('button', { name: 'Update Step' }).click();
  await expect(page).toHaveURL(`/product/${productId}/step_detail`);
  expect(updates).toHaveLength(1);
  const [saved] = await stepsOf();
  expect(saved).toMatchObject({
    stepName,
    pollingDelay: 15,
    isPolling: false,
    triggerPayload: longTrigger,
  });
});
