/**
 * Screenshots of every main screen at 1,440 × 900 and 390 × 844, written to
 * docs/screenshots/<screen>-<width>.png (the viewport, not the full page), against the stack as
 * `npm start` runs it on the e2e ports, from the build in apps/web/dist (or E2E_WEB_DIST).
 * Names every screen whose page scrolls sideways, with the elements that stick out, and exits
 * 1 if there is one. Run on demand after a change to what a screen shows:
 *
 *   npm run build && npm run screenshots -w @onboarding/e2e
 *
 * SCREENSHOTS_DIR writes elsewhere (a look without touching docs/); SCREENS=a,b takes a few;
 * WIDTHS=390 one width; FULL_PAGE=1 whole pages (to review a layout, not to keep).
 */
import fs from 'node:fs';
import path from 'node:path';
import { metaOps, type SetupRow } from '@onboarding/contracts';
import type { Page } from '@playwright/test';
import { launchChromium, signedInState, startStack } from '../bench/browser-stack.js';
import { api, seededSetupId } from '../support/gateway-api.js';
import { REPO_ROOT } from '../support/stack.js';

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

interface Screen {
  name: string;
  /** Its address; a function finds one (a seeded record's id) from a signed-in page. */
  path: string | ((page: Page) => Promise<string>);
  /** After the screen is ready: opens what the shot is of (a drawer, a dialog). */
  then?: (page: Page) => Promise<void>;
  signedOut?: boolean;
}

/** The href of the first link on `from` whose address matches `pattern`. */
const firstLink = (from: string, pattern: RegExp) => async (page: Page) => {
  await page.goto(from);
  const link = page.locator('main a[href]');
  await link.first().waitFor();
  const hrefs = await link.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  const href = hrefs.find((h) => pattern.test(h));
  if (!href) throw new Error(`no link matching ${pattern} on ${from}`);
  return href;
};

/** The seeded cobalt audio setup's address under `prefix` (its id is the sandbox's). */
const seeded = (prefix: string) => async (page: Page) => {
  await page.goto('/rem_omni/see_all');
  return `${prefix}${await seededSetupId(page)}`;
};

const SCREENS: Screen[] = [
  { name: 'login', path: '/login', signedOut: true },
  { name: 'setups-list', path: '/rem_omni/see_all' },
  {
    name: 'setups-list-menu',
    path: '/rem_omni/see_all',
    then: async (page) => {
      const open = page.getByRole('button', { name: 'Open menu' });
      if (await open.isVisible()) await open.click();
      const menu = page.getByRole('navigation', { name: 'Main menu' }).last();
      await menu.getByRole('button', { name: 'Category Leaderboard - Omnichannel' }).click();
      await menu.getByRole('link', { name: 'See All' }).waitFor();
    },
  },
  {
    name: 'setup-actions',
    path: '/rem_omni/see_all?search=cobalt',
    then: async (page) => {
      await page.getByRole('button', { name: 'Actions for cobalt audio' }).click();
      await page.getByRole('menuitem', { name: 'Actions/More details' }).click();
      await page.getByRole('dialog', { name: 'cobalt audio' }).waitFor();
    },
  },
  { name: 'setup-details', path: seeded('/rem_omni/details/') },
  { name: 'new-setup', path: '/rem_omni/select' },
  { name: 'prospect-form', path: '/rem_omni/prospect' },
  { name: 'client-form', path: '/rem_omni/client' },
  { name: 'edit-setup', path: seeded('/rem_omni/editSetup/') },
  { name: 'failure-board', path: '/rem_omni/failures' },
  { name: 'products', path: '/product/see_all' },
  { name: 'add-product', path: '/product/register_product' },
  { name: 'edit-product', path: '/product/edit_product/1' },
  { name: 'steps', path: '/product/1/step_detail' },
  { name: 'add-step', path: '/product/1/register_step' },
  { name: 'edit-step', path: '/product/1/edit_step/1' },
  { name: 'product-setups', path: '/product/1/all_setup' },
  {
    name: 'product-setup-details',
    path: async (page) => {
      await page.goto('/product/1/all_setup');
      const [row] = await api<SetupRow[]>(page, metaOps.allSetup, {
        searchText: '',
        limit: 1,
        offset: 0,
        productId: 1,
      });
      if (!row) throw new Error('product 1 has no setup');
      return `/product/1/details/${row.setupId}`;
    },
  },
  { name: 'product-prospect-form', path: '/product/1/setup_type/prospect' },
  { name: 'product-failure-board', path: '/product/1/failures' },
  { name: 'prompts', path: '/llm_service/prompts' },
  { name: 'add-prompt', path: '/llm_service/prompts/add' },
  { name: 'prompt-details', path: firstLink('/llm_service/prompts', /\/prompts\/\d+$/) },
  {
    name: 'edit-prompt',
    path: async (page) =>
      (await firstLink('/llm_service/prompts', /\/prompts\/\d+$/)(page)).replace(
        /\/(\d+)$/,
        '/edit/$1',
      ),
  },
  { name: 'legacy-ongoing', path: '/customer-setup/ongoing' },
  { name: 'legacy-completed', path: '/customer-setup/completed' },
  { name: 'legacy-add', path: '/customer-setup/add-new' },
  { name: 'legacy-edit', path: '/customer-setup/edit/1' },
  { name: 'search-volume', path: '/search_volume' },
  { name: 'performance', path: '/performance-metric' },
  {
    name: 'command-palette',
    path: '/rem_omni/see_all',
    then: async (page) => {
      await page.keyboard.press('Control+k');
      await page
        .getByRole('dialog', { name: 'Command palette' })
        .getByRole('combobox', { name: 'Jump to' })
        .fill('setup');
      await page.getByRole('option').first().waitFor();
    },
  },
  { name: 'pipeline-health', path: '/rem_omni/health' },
  { name: 'product-health', path: '/product/1/health' },
  {
    name: 'failure-watch',
    path: '/rem_omni/see_all',
    then: async (page) => {
      await page.getByRole('button', { name: /^Failure watch/ }).click();
      await page.getByRole('button', { name: 'Mark all as seen' }).waitFor();
    },
  },
  {
    name: 'keyboard-shortcuts',
    path: '/rem_omni/see_all',
    then: async (page) => {
      // The `?` key's listener loads when the page is first idle.
      await expectDialogAfterKey(page, '?', 'Keyboard shortcuts');
    },
  },
  { name: 'not-found', path: '/no/such/screen' },
];

/** Presses `key` until the dialog named `name` opens (its listener may still be loading). */
async function expectDialogAfterKey(page: Page, key: string, name: string) {
  const dialog = page.getByRole('dialog', { name });
  for (let tries = 0; tries < 50 && !(await dialog.isVisible()); tries++) {
    await page.locator('body').press(key);
    await dialog.waitFor({ timeout: 200 }).catch(() => undefined);
  }
  await dialog.waitFor();
}

/** The screen's heading is up and nothing is loading any more. */
async function settled(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.getByRole('progressbar').first().waitFor({ state: 'detached', timeout: 15_000 });
  // The exit of a transition (a fading overlay) and the web fonts.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** The outermost elements that reach past the viewport's right edge, when the page does. */
function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const out: string[] = [];
    const sticksOut = (el: Element) => el.getBoundingClientRect().right > width + 0.5;
    // Inside a box that scrolls (or clips) sideways an element does not widen the page.
    const clipped = (el: Element) =>
      ['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(el).overflowX);
    const walk = (el: Element) => {
      for (const child of el.children) {
        if (!sticksOut(child)) {
          if (!clipped(child)) walk(child);
          continue;
        }
        const name = `${child.tagName.toLowerCase()}${child.id ? `#${child.id}` : ''}.${[...child.classList].slice(0, 3).join('.')}`;
        const text = (child.textContent ?? '').trim().slice(0, 40);
        const kids = [...child.children].filter(sticksOut);
        if (kids.length === 0 || clipped(child)) {
          out.push(`${name} right=${Math.round(child.getBoundingClientRect().right)} "${text}"`);
        } else walk(child);
      }
    };
    walk(document.body);
    return out.slice(0, 8);
  });
}

async function main() {
  const only = process.env.SCREENS?.split(',');
  const screens = only ? SCREENS.filter((s) => only.includes(s.name)) : SCREENS;
  const dir = path.resolve(
    process.env.SCREENSHOTS_DIR ?? path.join(REPO_ROOT, 'docs', 'screenshots'),
  );
  fs.mkdirSync(dir, { recursive: true });
  const stack = await startStack();
  const browser = await launchChromium();
  let sideways = 0;
  try {
    const state = await signedInState(browser, stack.baseUrl);
    const widths = process.env.WIDTHS?.split(',').map(Number);
    for (const viewport of WIDTHS.filter((w) => !widths || widths.includes(w.width))) {
      for (const screen of screens) {
        const context = await browser.newContext({
          baseURL: stack.baseUrl,
          viewport,
          storageState: screen.signedOut ? undefined : state,
          reducedMotion: 'reduce',
        });
        const page = await context.newPage();
        const address = typeof screen.path === 'string' ? screen.path : await screen.path(page);
        await page.goto(address);
        await settled(page);
        await screen.then?.(page);
        const file = path.join(dir, `${screen.name}-${viewport.width}.png`);
        await page.screenshot({
          path: file,
          animations: 'disabled',
          caret: 'hide',
          fullPage: process.env.FULL_PAGE === '1',
        });
        const offenders = await sidewaysOverflow(page);
        if (offenders.length > 0) {
          sideways += 1;
          console.log(`${screen.name} at ${viewport.width} px scrolls sideways (${address}):`);
          for (const line of offenders) console.log(`  ${line}`);
        } else console.log(`${path.relative(REPO_ROOT, file)}`);
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await stack.stop();
  }
  process.exitCode = sideways > 0 ? 1 : 0;
}

await main();
