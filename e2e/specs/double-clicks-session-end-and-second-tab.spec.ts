/**
 * The data layer at its edges (issue 30), in a real browser against the whole stack: a
 * double-click sends one request; a session ended elsewhere leads to sign-in saying so, with at
 * most 3 requests in the 3 s after the submit, and the draft back after signing in (a tab back
 * in view goes there by itself);
 * a prompt, a setup or a product saved in another tab shows in the review of this one before
 * anything is sent.
 */
import { llmOps, productRegisterOps, sessionOps } from '@onboarding/contracts';
import type { BrowserContext, Page } from '@playwright/test';
import {
  api,
  chipsNode,
  completedSetups,
  createProspectSetup,
  letters,
} from '../support/gateway-api.js';
import { expect, OPERATOR, signIn, test } from '../support/fixtures.js';
import { failWorkflow } from '../support/workflow-control.js';

const stamp = () => Date.now().toString(36);
const SESSION_ENDED = 'Your session ended — sign in again';
const CHANGED_ELSEWHERE =
  'Changed elsewhere since you opened it. “Before” shows what is saved now.';

/** The paths of the gateway requests `page` sends from now on whose path contains `part`. */
function requestsTo(page: Page, part = '/api/'): string[] {
  const seen: string[] = [];
  page.on('request', (req) => {
    const path = new URL(req.url()).pathname;
    if (path.includes(part)) seen.push(`${req.method()} ${path}`);
  });
  return seen;
}

/** Registers a product through the gateway; answers its id. */
async function registerProduct(page: Page, productName: string): Promise<number> {
  await api(page, productRegisterOps.registerProduct, {
    productName,
    productPath: `/e2e-${stamp()}/amazon/overview`,
  });
  const { products } = await api<{ products: { productId: number; productName: string }[] }>(
    page,
    productRegisterOps.productList,
    {},
  );
  const product = products.find((p) => p.productName === productName);
  if (!product) throw new Error(`no product named ${productName}`);
  return product.productId;
}

/** Adds a prompt through the gateway; answers its id. */
async function addPrompt(page: Page, name: string): Promise<number> {
  await api(page, llmOps.add, {
    clientId: 1,
    clientName: 'Common',
    prompt: 'Summarise {{category}}',
    metadata: { name, variables: { category: 'Snacks' } },
  });
  const prompts = await page.evaluate(async (path) => {
    const res = await fetch(path, { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    return (await res.json()) as { prompt_id: number; metadata: { name: string } }[];
  }, llmOps.getAll.path);
  const prompt = prompts.find((p) => p.metadata.name === name);
  if (!prompt) throw new Error(`no prompt named ${name}`);
  return prompt.prompt_id;
}

test.describe('a double-click sends one request', () => {
  test('Add Product', async ({ page }) => {
    const name = `E2E Twice ${stamp()}`;
    await page.goto('/product/register_product');
    await page.getByRole('textbox', { name: 'Product Name', exact: true }).fill(name);
    await page
      .getByRole('textbox', { name: 'Product URL Path', exact: true })
      .fill(`/e2e-${stamp()}/walmart/overview`);
    const sent = requestsTo(page, '/register-product');
    await page.getByRole('button', { name: 'Submit Request' }).dblclick();
    await expect(page).toHaveURL('/product/see_all');
    await expect(page.getByRole('alert').filter({ hasText: /already exists/ })).toHaveCount(0);
    expect(sent).toHaveLength(1);
  });

  test('Update Product in the review', async ({ page }) => {
    await page.goto('/product/see_all');
    const productId = await registerProduct(page, `E2E Review ${stamp()}`);
    await page.goto(`/product/edit_product/${productId}`);
    await page.getByRole('textbox', { name: 'Product Name', exact: true }).fill(`E2E R ${stamp()}`);
    await page.getByRole('button', { name: 'Update Product' }).click();
    const review = page.getByRole('dialog', { name: 'Review changes to the product' });
    const sent = requestsTo(page, '/update-product');
    await review.getByRole('button', { name: 'Update Product' }).dblclick();
    await expect(page).toHaveURL('/product/see_all');
    expect(sent).toHaveLength(1);
  });

  test("Delete in a prompt's confirmation", async ({ page }) => {
    const name = `E2E Delete ${stamp()}`;
    await page.goto('/llm_service/prompts');
    await addPrompt(page, name);
    await page.reload();
    await page.getByRole('searchbox', { name: 'Search prompts' }).fill(name);
    // The filter lands 500 ms after typing stops; a click in that instant can miss its row.
    await expect(page).toHaveURL(/search=/);
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const sent = requestsTo(page, '/prompts/delete');
    await page
      .getByRole('dialog', { name: 'Delete prompt' })
      .getByRole('button', { name: 'Delete' })
      .dblclick();
    await expect(
      page.getByRole('alert').filter({ hasText: `Prompt “${name}” deleted` }),
    ).toBeVisible();
    await expect(page.getByText(/could not be deleted/)).toHaveCount(0);
    expect(sent).toHaveLength(1);
  });

  test("Confirm update of a setup's review", async ({ page }) => {
    await page.goto('/rem_omni/see_all');
    const setupId = await createProspectSetup(page, `Etwice ${letters()}`, await chipsNode(page), [
      'Oak Crunch',
    ]);
    await page.goto(`/rem_omni/editSetup/${setupId}`);
    await page.getByRole('textbox', { name: 'Enter Brands list' }).fill('Oak Crunch, Quiet Hour');
    await page.getByRole('button', { name: 'Update Request' }).click();
    const sent = requestsTo(page, '/updateSetup');
    await page
      .getByRole('dialog', { name: 'Review changes' })
      .getByRole('button', { name: 'Confirm update' })
      .dblclick();
    await expect(page).toHaveURL(/\/rem_omni\/see_all/);
    expect(sent).toHaveLength(1);
  });

  test("Re-trigger in a setup's actions, on the button and in its confirmation", async ({
    page,
  }) => {
    await page.goto('/rem_omni/see_all');
    const client = `eretrig ${letters()}`;
    const setupId = await createProspectSetup(page, client, await chipsNode(page));
    await failWorkflow({ setupId, stepName: 'sti' });
    await page.goto(`/rem_omni/see_all?search=${encodeURIComponent(client)}`);
    await page.getByRole('button', { name: `Actions for ${client}` }).click();
    await page.getByRole('menuitem', { name: 'Actions/More details' }).click();
    const row = page.getByRole('dialog', { name: client }).getByRole('row').filter({
      hasText: 'Amazon',
    });
    const sent = requestsTo(page, '/reTrigger');
    await row.getByRole('button', { name: 'Re-trigger Amazon' }).dblclick();
    await page
      .getByRole('dialog', { name: 'Re-trigger' })
      .getByRole('button', { name: 'Re-trigger' })
      .dblclick();
    await expect(row.getByText('NOT_STARTED')).toBeVisible();
    expect(sent).toHaveLength(1);
  });

  test('the confirm of a bulk Refresh Data: each row once, the list reloaded once', async ({
    page,
  }) => {
    await page.goto('/rem_omni/see_all');
    const { completed } = await completedSetups(
      page,
      `ebulk ${letters()}`,
      await chipsNode(page),
      1,
    );
    const client = completed[0]!.clientName;
    await page.goto(`/rem_omni/see_all?search=${encodeURIComponent(client)}`);
    await expect(page.getByText('COMPLETED', { exact: true })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Select all setups on this page' }).check();
    await page
      .getByRole('region', { name: 'List actions' })
      .getByRole('button', { name: 'Refresh Data' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Refresh Data: 1 row' });
    const refreshes = requestsTo(page, '/refreshData');
    const lists = requestsTo(page, '/allSetup');
    await dialog.getByRole('button', { name: 'Refresh Data 1' }).dblclick();
    await expect(dialog.getByRole('status')).toHaveText(/1 of 1 answered/);
    await expect.poll(() => lists.length).toBeGreaterThan(0);
    // A measuring window, not a wait for something: a second reload would leave within it.
    await page.waitForTimeout(3_000);
    expect(refreshes).toHaveLength(1);
    expect(lists).toHaveLength(1);
  });
});

test.describe('a session ended in another tab', () => {
  // A context of its own: signing out must not end the worker's shared session.
  let context: BrowserContext;
  let page: Page;
  test.beforeEach(async ({ browser, baseURL }) => {
    context = await browser.newContext({ storageState: undefined, baseURL });
    page = await context.newPage();
    await page.goto('/login');
    await signIn(page);
    await page.waitForURL('**/rem_omni/see_all');
  });
  test.afterEach(() => context.close());

  /** Signs out from another page of the same browser, which is then closed. */
  async function signOutInAnotherTab() {
    const other = await context.newPage();
    await other.goto('/performance-metric');
    await api(other, sessionOps.logout, {});
    await other.close();
  }

  /**
   * Holds the failure watch's stream unanswered on the next pages: told of the session's end,
   * the watch would lead to sign-in by itself 5 s later, and on a loaded machine a click can take
   * that long; the submit is then what finds the end, as these tests ask.
   */
  async function holdWatchStream() {
    await page.route('**/api/watch/stream**', () => {
      // Never answered: the EventSource stays connecting, so no end reaches it.
    });
  }

  /**
   * Opens `path` once what the shell loads when idle has made its calls (the bell reads the
   * watched setups): one of them after the session's end would find it before the submit.
   */
  async function gotoSettled(path: string) {
    const watched = page.waitForResponse((res) => res.url().includes('/api/watch/watched'));
    await page.goto(path);
    await watched;
  }

  /**
   * Ends the session with the browser's cookie while this page stays in view. (A tab coming back
   * into view asks whether its session lives and goes to sign-in by itself: the last test.)
   */
  async function signOutElsewhere() {
    const res = await context.request.post(sessionOps.logout.path, {
      headers: { Origin: new URL(page.url()).origin, 'X-Requested-With': 'XMLHttpRequest' },
      data: {},
    });
    expect(res.status()).toBe(200);
  }

  /**
   * Signs in from the login page the session end led to. The identity provider may still know
   * the operator (only the console's session ended): then it returns at once, without asking.
   */
  async function signInAgain(returnTo: string) {
    await page.getByRole('textbox', { name: 'Your email' }).fill(OPERATOR);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname.includes('/oidc/') || url.pathname === returnTo);
    if (new URL(page.url()).pathname.includes('/oidc/')) {
      await page.getByRole('button', { name: 'Continue' }).click();
    }
    await page.waitForURL((url) => url.pathname === returnTo);
  }

  /** Submits with `submit`, then counts the gateway requests of the next 3 s. */
  async function requestsAfter(submit: () => Promise<void>): Promise<string[]> {
    const sent = requestsTo(page);
    await submit();
    await expect(page.getByText(SESSION_ENDED)).toBeVisible();
    // A measuring window, not a wait for something: the issue counts the requests of the 3 s
    // after a submit, so the test watches that long whatever happens (or does not) meanwhile.
    await page.waitForTimeout(3_000);
    return sent;
  }

  test('a prompt form: sign-in says so, at most 3 requests, and the draft is back', async () => {
    await holdWatchStream();
    await gotoSettled('/llm_service/prompts/add');
    await page.getByRole('textbox', { name: 'Name' }).fill('Draft kept');
    await page.getByRole('textbox', { name: 'Prompt' }).fill('Write the weekly brief');
    await signOutElsewhere();
    const sent = await requestsAfter(() =>
      page.getByRole('button', { name: 'Add', exact: true }).click(),
    );
    expect(sent.length, sent.join('\n')).toBeLessThanOrEqual(3);
    await expect(page.getByRole('dialog', { name: 'Leave this page?' })).toHaveCount(0);
    await expect(page).toHaveURL('/login?returnTo=%2Fllm_service%2Fprompts%2Fadd');

    await signInAgain('/llm_service/prompts/add');
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Draft kept');
    await expect(page.getByRole('textbox', { name: 'Prompt' })).toHaveValue(
      'Write the weekly brief',
    );
  });

  test('a setup edit form: sign-in says so, at most 3 requests, and the edit is back', async () => {
    await holdWatchStream();
    const setupId = await createProspectSetup(
      page,
      `Esession ${letters()}`,
      await chipsNode(page),
      ['Oak Crunch'],
    );
    await gotoSettled(`/rem_omni/editSetup/${setupId}`);
    const brands = page.getByRole('textbox', { name: 'Enter Brands list' });
    await brands.fill('Oak Crunch, Quiet Hour');
    await page.getByRole('button', { name: 'Update Request' }).click();
    await signOutElsewhere();
    const sent = await requestsAfter(() =>
      page
        .getByRole('dialog', { name: 'Review changes' })
        .getByRole('button', { name: 'Confirm update' })
        .click(),
    );
    expect(sent.length, sent.join('\n')).toBeLessThanOrEqual(3);

    await signInAgain(`/rem_omni/editSetup/${setupId}`);
    await expect(brands).toHaveValue('Oak Crunch, Quiet Hour');
  });

  test('a product form: sign-in says so, at most 3 requests, and the product typed is back', async () => {
    await holdWatchStream();
    await gotoSettled('/product/register_product');
    const name = page.getByRole('textbox', { name: 'Product Name', exact: true });
    const path = page.getByRole('textbox', { name: 'Product URL Path', exact: true });
    await name.fill('Draft Product');
    await path.fill('/draft-product/amazon/overview');
    await signOutElsewhere();
    const sent = await requestsAfter(() =>
      page.getByRole('button', { name: 'Submit Request' }).click(),
    );
    expect(sent.length, sent.join('\n')).toBeLessThanOrEqual(3);
    await expect(page).toHaveURL('/login?returnTo=%2Fproduct%2Fregister_product');

    await signInAgain('/product/register_product');
    await expect(name).toHaveValue('Draft Product');
    await expect(path).toHaveValue('/draft-product/amazon/overview');
  });

  test('back from the tab that signed out, a prompt form goes to sign-in by itself, and the draft is back', async () => {
    await page.goto('/llm_service/prompts/add');
    await page.getByRole('textbox', { name: 'Name' }).fill('Draft kept');
    await page.getByRole('textbox', { name: 'Prompt' }).fill('Write the weekly brief');
    await signOutInAnotherTab();
    await expect(page).toHaveURL('/login?returnTo=%2Fllm_service%2Fprompts%2Fadd');
    await expect(page.getByText(SESSION_ENDED)).toBeVisible();

    await signInAgain('/llm_service/prompts/add');
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Draft kept');
    await expect(page.getByRole('textbox', { name: 'Prompt' })).toHaveValue(
      'Write the weekly brief',
    );
  });
});

test('a prompt saved in another tab shows in the review of this one before anything is sent', async ({
  page,
  context,
}) => {
  const name = `E2E Tabs ${stamp()}`;
  await page.goto('/llm_service/prompts');
  const id = await addPrompt(page, name);
  const other = await context.newPage();
  await page.goto(`/llm_service/prompts/edit/${id}`);
  await other.goto(`/llm_service/prompts/edit/${id}`);

  // The other tab renames it and saves.
  await other.getByRole('textbox', { name: 'Name' }).fill(`${name} renamed`);
  await other.getByRole('button', { name: 'Update', exact: true }).click();
  await other
    .getByRole('dialog', { name: 'Review changes to the prompt' })
    .getByRole('button', { name: 'Update' })
    .click();
  await expect(other).toHaveURL('/llm_service/prompts');

  // This tab changes the business context and asks to update.
  const sent = requestsTo(page, '/prompts/update');
  await page.getByRole('textbox', { name: 'Business Context' }).fill('Grocery retail');
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  const review = page.getByRole('dialog', { name: 'Review changes to the prompt' });
  await expect(review.getByText(CHANGED_ELSEWHERE)).toBeVisible();
  await expect(review.getByRole('table', { name: 'Changed fields' }).getByRole('row')).toHaveText([
    /Field\s*Before\s*After/,
    new RegExp(`Name\\s*${name} renamed\\s*${name}$`),
    /Business Context\s*—\s*Grocery retail/,
  ]);
  expect(sent).toEqual([]);
});

test('a setup saved in another tab shows in the review of this one before anything is sent', async ({
  page,
  context,
}) => {
  await page.goto('/rem_omni/see_all');
  const setupId = await createProspectSetup(page, `Etabs ${letters()}`, await chipsNode(page), [
    'Oak Crunch',
  ]);
  const other = await context.newPage();
  await page.goto(`/rem_omni/editSetup/${setupId}`);
  await other.goto(`/rem_omni/editSetup/${setupId}`);

  // The other tab adds a brand and saves.
  await other.getByRole('textbox', { name: 'Enter Brands list' }).fill('Oak Crunch, Elm Bar');
  await other.getByRole('button', { name: 'Update Request' }).click();
  await other
    .getByRole('dialog', { name: 'Review changes' })
    .getByRole('button', { name: 'Confirm update' })
    .click();
  await expect(other).toHaveURL(/\/rem_omni\/see_all/);

  // This tab adds another brand and asks to update.
  const sent = requestsTo(page, '/updateSetup');
  await page.getByRole('textbox', { name: 'Enter Brands list' }).fill('Oak Crunch, Quiet Hour');
  await page.getByRole('button', { name: 'Update Request' }).click();
  const review = page.getByRole('dialog', { name: 'Review changes' });
  await expect(review.getByText(CHANGED_ELSEWHERE)).toBeVisible();
  await expect(review.getByRole('table', { name: 'Changed fields' }).getByRole('row')).toHaveText([
    /Field\s*Before\s*After/,
    /Brands\s*Oak Crunch, Elm Bar\s*Oak Crunch, Quiet Hour/,
  ]);
  expect(sent).toEqual([]);
});

test('a product saved in another tab shows in the review of this one before anything is sent', async ({
  page,
  context,
}) => {
  await page.goto('/product/see_all');
  const name = `E2E Tabs ${stamp()}`;
  const productId = await registerProduct(page, name);
  const other = await context.newPage();
  await page.goto(`/product/edit_product/${productId}`);
  await other.goto(`/product/edit_product/${productId}`);

  // The other tab renames it and saves.
  await other.getByRole('textbox', { name: 'Product Name', exact: true }).fill(`${name} renamed`);
  await other.getByRole('button', { name: 'Update Product' }).click();
  await other
    .getByRole('dialog', { name: 'Review changes to the product' })
    .getByRole('button', { name: 'Update Product' })
    .click();
  await expect(other).toHaveURL('/product/see_all');

  // This tab renames it otherwise and asks to update.
  const sent = requestsTo(page, '/update-product');
  await page.getByRole('textbox', { name: 'Product Name', exact: true }).fill(`${name} here`);
  await page.getByRole('button', { name: 'Update Product' }).click();
  const review = page.getByRole('dialog', { name: 'Review changes to the product' });
  await expect(review.getByText(CHANGED_ELSEWHERE)).toBeVisible();
  await expect(review.getByRole('table', { name: 'Changed fields' }).getByRole('row')).toHaveText([
    /Field\s*Before\s*After/,
    new RegExp(`Product Name\\s*${name} renamed\\s*${name} here`),
  ]);
  expect(sent).toEqual([]);
});
