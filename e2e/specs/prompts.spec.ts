/**
 * LLM prompts, as an operator manages them in a real browser against the whole stack: add a
 * prompt with two variables (inputs appear after a pause and vanish with their placeholder),
 * view it, edit it, delete it; a placeholder with a space is a variable end to end, and an edit
 * asks before leaving unsaved; and a delete the service refuses comes back with a message.
 */
import type { Page } from '@playwright/test';
import { expect, screenshot, seriousA11yViolations, test } from '../support/fixtures.js';
import { armFault, clearFaults } from '../support/sandbox-faults.js';

const unique = (label: string) => `${label} ${Date.now().toString(36)}`;

/** The prompt's row in the list, found through the search box. */
async function findInList(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'Search prompts' }).fill(name);
  await expect(page).toHaveURL(/search=/);
  return page
    .getByRole('table', { name: 'Prompts' })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name, exact: true }) });
}

async function deleteFromList(page: Page, name: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete prompt' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
}

test.afterEach(async () => {
  await clearFaults();
});

test('an operator adds a prompt with two variables, views it, edits it and deletes it', async ({
  page,
}) => {
  const name = unique('E2E summary');
  await page.goto('/llm_service/prompts');
  await expect(page.getByRole('heading', { name: 'Prompts', level: 1 })).toBeVisible();
  await screenshot(page, 'prompts-list');
  await page.getByRole('link', { name: 'Add Prompt' }).click();
  await expect(page.getByRole('heading', { name: 'Add Prompt' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  const add = page.getByRole('button', { name: 'Add', exact: true });
  await expect(add).toBeDisabled();

  const prompt = page.getByRole('textbox', { name: 'Prompt' });
  const category = page.getByRole('textbox', { name: '{{category}}' });
  const retailer = page.getByRole('textbox', { name: '{{retailer}}' });
  await prompt.fill('Summarise {{category}} sales for {{retailer}}');
  await expect(category).toBeVisible();
  await expect(retailer).toBeVisible();

  // The retailer placeholder leaves the text: its input goes; it comes back: a new empty input.
  await prompt.fill('Summarise {{category}} sales');
  await expect(retailer).toBeHidden();
  await expect(category).toBeVisible();
  await prompt.fill('Summarise {{category}} sales for {{retailer}}');
  await expect(retailer).toBeVisible();

  await category.fill('Snacks');
  await retailer.fill('Amazon');
  await expect(page.getByTestId('prompt-preview')).toHaveText('Summarise Snacks sales for Amazon');
  await screenshot(page, 'prompt-form');
  expect(await seriousA11yViolations(page), 'prompt form').toEqual([]);
  await page.getByRole('textbox', { name: 'Business Context' }).fill('Grocery retail');
  await add.click();

  await expect(page).toHaveURL('/llm_service/prompts');
  const row = await findInList(page, name);
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name }).click();

  await expect(page.getByRole('heading', { name: 'Prompt Details' })).toBeVisible();
  const detail = (label: string) => page.locator('dt', { hasText: label }).locator('+ dd');
  await expect(detail('Name')).toHaveText(name);
  await expect(detail('Prompt')).toHaveText('Summarise {{category}} sales for {{retailer}}');
  await expect(detail('Business Context')).toHaveText('Grocery retail');
  const defaults = page.getByRole('table', { name: 'Default Values' });
  await expect(defaults.getByRole('row', { name: 'category Snacks' })).toBeVisible();
  await expect(defaults.getByRole('row', { name: 'retailer Amazon' })).toBeVisible();
  await screenshot(page, 'prompt-detail');
  expect(await seriousA11yViolations(page), 'prompt detail').toEqual([]);

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Prompt' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: '{{retailer}}' })).toHaveValue('Amazon');
  await page.getByRole('textbox', { name: 'Business Context' }).fill('');
  await page.getByRole('textbox', { name: 'Prompt' }).fill('Summarise {{category}} sales');
  await expect(page.getByRole('textbox', { name: '{{retailer}}' })).toBeHidden();
  await page.getByRole('button', { name: 'Update' }).click();
  await page
    .getByRole('dialog', { name: 'Review changes to the prompt' })
    .getByRole('button', { name: 'Update' })
    .click();

  await expect(page).toHaveURL('/llm_service/prompts');
  await (await findInList(page, name)).getByRole('link', { name }).click();
  await expect(detail('Business Context')).toHaveText('-');
  await expect(defaults.getByRole('row', { name: 'retailer Amazon' })).toHaveCount(0);
  await expect(defaults.getByRole('row', { name: 'category Snacks' })).toBeVisible();

  await page.getByRole('link', { name: 'Back to Prompts' }).click();
  await findInList(page, name);
  await deleteFromList(page, name);
  await expect(page.getByText(`Prompt “${name}” deleted`)).toBeVisible();
  await page.reload();
  await expect(await findInList(page, name)).toHaveCount(0);
});

test('a {{brand name}} placeholder is a variable through the gateway, and an edit asks before leaving unsaved', async ({
  page,
}) => {
  const name = unique('E2E spaced');
  await page.goto('/llm_service/prompts/add');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page
    .getByRole('textbox', { name: 'Prompt' })
    .fill('Compare {{brand name}} with {{rival-brand}}');
  await page.getByRole('textbox', { name: '{{brand name}}' }).fill('Acme');
  await page.getByRole('textbox', { name: '{{rival-brand}}' }).fill('Globex');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page).toHaveURL('/llm_service/prompts');

  await (await findInList(page, name)).getByRole('link', { name }).click();
  const defaults = page.getByRole('table', { name: 'Default Values' });
  await expect(defaults.getByRole('row', { name: 'brand name Acme' })).toBeVisible();
  await expect(defaults.getByRole('row', { name: 'rival-brand Globex' })).toBeVisible();

  await page.getByRole('link', { name: 'Edit' }).click();
  const brand = page.getByRole('textbox', { name: '{{brand name}}' });
  await expect(brand).toHaveValue('Acme');
  await brand.fill('Acme Foods');
  await page.getByRole('link', { name: 'Cancel' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave this page?' });
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(leave).toBeHidden();
  await expect(brand).toHaveValue('Acme Foods');
  await page.getByRole('button', { name: 'Update' }).click();
  await page
    .getByRole('dialog', { name: 'Review changes to the prompt' })
    .getByRole('button', { name: 'Update' })
    .click();

  await expect(page).toHaveURL('/llm_service/prompts');
  await (await findInList(page, name)).getByRole('link', { name }).click();
  await expect(defaults.getByRole('row', { name: 'brand name Acme Foods' })).toBeVisible();
  await expect(defaults.getByRole('row', { name: 'rival-brand Globex' })).toBeVisible();
});

test('a delete the prompt service refuses puts the prompt back with a message', async ({
  page,
}) => {
  const name = unique('E2E kept');
  await page.goto('/llm_service/prompts/add');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Prompt' }).fill('Hello {{who}}');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page).toHaveURL('/llm_service/prompts');
  const row = await findInList(page, name);
  await expect(row).toHaveCount(1);

  // The service answers the next delete with an error, a little late so the optimistic
  // removal can be seen.
  await armFault({
    path: '/llm/prompts/delete/*',
    method: 'DELETE',
    kind: 'status',
    status: 500,
    message: 'Prompt store unavailable',
    latencyMs: 1500,
    count: 1,
  });
  await deleteFromList(page, name);
  await expect(row).toHaveCount(0);
  await expect(
    page.getByText(`“${name}” could not be deleted, so it is back in the list.`),
  ).toBeVisible();
  await expect(row).toHaveCount(1);

  // Still there for real: the service kept it.
  await page.reload();
  await expect(await findInList(page, name)).toHaveCount(1);
  await deleteFromList(page, name);
  await expect(page.getByText(`Prompt “${name}” deleted`)).toBeVisible();
});
