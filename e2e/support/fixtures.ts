/**
 * Shared steps of the browser tests: signing in through the sandbox identity provider, a
 * signed-in context per worker, axe-core scans and screenshots.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { BASE_URL, REPO_ROOT } from './stack.js';

export const OPERATOR = 'operator@example.com';

/** Signs in from the console's login page: e-mail, Sign in, then Continue at the IdP. */
export async function signIn(page: Page, email = OPERATOR): Promise<void> {
  await page.getByRole('textbox', { name: 'Your email' }).fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/oidc\//);
  await expect(page.getByRole('textbox', { name: 'Work e-mail' })).toHaveValue(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

export const test = base.extend<object, { workerStorageState: string }>({
  storageState: ({ workerStorageState }, use) => use(workerStorageState),
  workerStorageState: [
    async ({ browser }, use, workerInfo) => {
      const file = path.join(workerInfo.project.outputDir, `.auth-${workerInfo.workerIndex}.json`);
      const context = await browser.newContext({ storageState: undefined, baseURL: BASE_URL });
      const page = await context.newPage();
      await page.goto('/login');
      await signIn(page);
      await page.waitForURL('**/rem_omni/see_all');
      await context.storageState({ path: file });
      await context.close();
      await use(file);
    },
    { scope: 'worker' },
  ],
});

export { expect };

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core on the page; returns the serious and critical violations, described. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // Evaluated over the DevTools protocol: the console's Content-Security-Policy (script-src
  // 'self') rightly refuses an injected <script> tag.
  await page.evaluate(AXE_SOURCE);
  // Colours read halfway through a transition (a button just enabled fades from grey to its
  // colour in 250 ms; a toast that times out fades away) are no colours anyone reads: the scan
  // waits for transitions to end, and runs again when one started while it read the page.
  for (let attempt = 1; ; attempt += 1) {
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
    );
    const { violations, moved } = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> };
        }
      ).axe;
      let transitions = 0;
      const count = () => (transitions += 1);
      document.addEventListener('transitionrun', count, true);
      try {
        const result = await axe.run(document, { resultTypes: ['violations'] });
        return { violations: result.violations, moved: transitions > 0 };
      } finally {
        document.removeEventListener('transitionrun', count, true);
      }
    });
    const serious = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.impact}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
    // A page still moving after three scans is reported as it was read.
    if (serious.length === 0 || !moved || attempt === 3) return serious;
  }
}

const SHOTS = path.join(REPO_ROOT, 'e2e', 'screenshots');

/** Saves a full-page screenshot under e2e/screenshots (git-ignored). */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}
