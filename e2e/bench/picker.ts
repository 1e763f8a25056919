/**
 * Browse-node picker benchmark: builds the picker harness page
 * (apps/web/src/features/setup-form/bench) with Vite in production mode, serves it, and drives
 * Debian's Chromium with Playwright. With 10,000 nodes in the result tree and 50 chosen it
 * measures a check-box click to paint and a keystroke in the search box to paint (input event
 * time stamp → the frame after React's commit has been painted), and counts the tree's DOM
 * elements. Prints JSON lines `{ "metric", "value", "unit", "goal", "pass" }`.
 *
 *   npx jiti e2e/bench/picker.ts
 */
import { chromium, type Page } from '@playwright/test';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const webDir = path.join(root, 'apps/web');
const harnessDir = path.join(webDir, 'src/features/setup-form/bench');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const WARMUP = 5;
const SAMPLES = Number(process.env.PICKER_BENCH_SAMPLES ?? 60);

interface ViteModule {
  build: (config: Record<string, unknown>) => Promise<unknown>;
}

/** Builds the harness with the web app's own Vite config (plugins, `@/` alias). */
async function buildHarness(outDir: string): Promise<void> {
  const requireFromWeb = createRequire(path.join(webDir, 'package.json'));
  const vite = (await import(pathToFileURL(requireFromWeb.resolve('vite')).href)) as ViteModule;
  await vite.build({
    configFile: path.join(webDir, 'vite.config.ts'),
    root: harnessDir,
    mode: 'production',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** Serves the built files on a free port. */
function serve(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.join(dir, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${port}/`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

declare global {
  interface Window {
    __nextPaint?: (type: string) => Promise<number>;
    __pending?: Promise<number>;
  }
}

/** In the page: the time from the next `type` event to the paint of the frame after it. */
function installProbe() {
  window.__nextPaint = (type: string) =>
    new Promise<number>((resolve) => {
      window.addEventListener(
        type,
        (event) => {
          const start = event.timeStamp;
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve(performance.now() - start);
            channel.port2.postMessage(null);
          });
        },
        { capture: true, once: true },
      );
    });
}

async function measure(page: Page, type: string, act: () => Promise<void>): Promise<number> {
  // Start from a settled page, as an operator's next click does (the cards that follow a check
  // after paint have caught up).
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 50))),
  );
  await page.evaluate((t) => {
    window.__pending = window.__nextPaint!(t);
  }, type);
  await act();
  return page.evaluate(() => window.__pending!);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const round = (x: number) => Math.round(x * 100) / 100;

function report(metric: string, value: number, unit: string, goal: number) {
  console.log(
    JSON.stringify({ metric, value: round(value), unit, goal: `<= ${goal}`, pass: value <= goal }),
  );
}

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'picker-bench-'));
let server: Awaited<ReturnType<typeof serve>> | null = null;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  await buildHarness(outDir);
  server = await serve(outDir);
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(server.url + (process.env.HARNESS_QS ?? ''));
  await page.evaluate(installProbe);

  // Load the 10,000 results.
  const searchBox = page.getByLabel('Search browse nodes');
  await searchBox.fill('shelf');
  await page.getByRole('button', { name: 'Search' }).click();
  const tree = page.getByTestId('browse-node-tree');
  await tree.getByRole('treeitem').first().waitFor();
  await page.getByText('Showing 500 of 500 results').waitFor();
  // Open every result: 500 results and their 9,500 children, 10,000 lines in the tree.
  await page.getByRole('button', { name: 'Expand all' }).click();
  await tree.getByRole('treeitem', { name: /Subcategory 1 > Shelf 1$/ }).waitFor();
  const counter = page.getByTestId('node-counter-4');
  if ((await counter.innerText()).trim() !== '50 / 50') throw new Error('expected 50 chosen nodes');
  const treeLines = await page.evaluate(() => {
    const tree = document.querySelector('[data-testid="browse-node-tree"]');
    const last = tree?.querySelector('[role="treeitem"][aria-level="1"][aria-posinset="500"]');
    return {
      rendered: tree?.querySelectorAll('[role="treeitem"]').length ?? 0,
      last: last !== null,
    };
  });
  // Far down: the last result is rendered only once scrolled to (virtualised).
  if (treeLines.last) throw new Error('the tree renders lines far out of view');

  // A check-box click: untick and tick the same chosen node (49 ↔ 50 chosen), each a real change.
  const box = tree.getByRole('checkbox', { name: /Subcategory 1 > Shelf 1$/ });
  const boxAt = await box.boundingBox();
  if (!boxAt) throw new Error('the check box is not visible');
  const clicks: number[] = [];
  for (let i = 0; i < WARMUP + SAMPLES; i += 1) {
    const ms = await measure(page, 'click', () =>
      page.mouse.click(boxAt.x + boxAt.width / 2, boxAt.y + boxAt.height / 2),
    );
    if (i >= WARMUP) clicks.push(ms);
  }
  const expected = (WARMUP + SAMPLES) % 2 === 0 ? '50 / 50' : '49 / 50';
  if ((await counter.innerText()).trim() !== expected) {
    throw new Error(
      `the clicks did not all toggle the node (counter ${await counter.innerText()})`,
    );
  }

  // A keystroke in the search box (typing only; the tree keeps its results).
  await searchBox.fill('');
  await searchBox.focus();
  const keys: number[] = [];
  for (let i = 0; i < WARMUP + SAMPLES; i += 1) {
    const key = String.fromCharCode(97 + (i % 26));
    const ms = await measure(page, 'keydown', () => page.keyboard.press(key));
    if (i >= WARMUP) keys.push(ms);
  }
  if ((await searchBox.inputValue()).length !== WARMUP + SAMPLES) {
    throw new Error('not every keystroke reached the search box');
  }

  const domElements = await page.evaluate(() => {
    const el = document.querySelector('[data-testid="browse-node-tree"]');
    return el ? el.querySelectorAll('*').length + 1 : Number.NaN;
  });

  if (process.env.PICKER_BENCH_VERBOSE) {
    console.error(`clicks: ${clicks.map(round).join(' ')}`);
    console.error(`keys: ${keys.map(round).join(' ')}`);
  }
  console.error(
    `picker bench: ${treeLines.rendered} tree lines rendered for 10,000 nodes; ${SAMPLES} samples each`,
  );
  report('picker.check_click_to_paint.median', median(clicks), 'ms', 16);
  report('picker.check_click_to_paint.worst', Math.max(...clicks), 'ms', 50);
  report('picker.search_keystroke_to_paint.median', median(keys), 'ms', 16);
  report('picker.search_keystroke_to_paint.worst', Math.max(...keys), 'ms', 50);
  report('picker.tree_dom_elements', domElements, 'elements', 500);
} finally {
  await browser.close();
  await server?.close();
  fs.rmSync(outDir, { recursive: true, force: true });
}
