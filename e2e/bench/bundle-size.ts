/**
 * Bundle-size benchmark: the gzipped JavaScript a browser downloads for a cold /login and for a
 * cold /rem_omni/see_all (signed in, empty cache), from the production build served by the
 * gateway. Chromium (Debian's) loads each page in a fresh context; every script response is
 * gzipped here (level 6, what servers typically use) and summed, and what each carries is
 * written to docs/bundle-report.md. Also tells whether the list's first data request waits
 * for the app's code (it should not: the page's entry sends it as it runs).
 *
 * Against a running stack: BENCH_BASE_URL=http://localhost:18480 (as `npm run bench` does);
 * otherwise it starts one itself (`node scripts/start.mjs` on ports of its own).
 * Prints JSON lines `{ "metric", "value", "unit", "goal", "pass" }`.
 *
 *   npx jiti e2e/bench/bundle-size.ts
 */
import zlib from 'node:zlib';
import type { BrowserContext, Request } from '@playwright/test';
import { launchChromium, print, signedInState, startStack } from './browser-stack.js';
import { writeBundleReport, type LoadedScript } from './bundle-report.js';

const LOGIN_GOAL_KB = 150;
const LIST_GOAL_KB = 200;
/** As the entry runs: at most a task or two after it arrived, whatever the machine's load. */
const START_AFTER_GOAL_MS = 20;

interface Loaded {
  gzipBytes: number;
  rawBytes: number;
  files: number;
  requests: Request[];
  scripts: LoadedScript[];
}

/** Opens `url` in `context` and sums the scripts it loaded. */
async function load(context: BrowserContext, url: string, ready: string): Promise<Loaded> {
  const page = await context.newPage();
  const scripts: Promise<LoadedScript>[] = [];
  const requests: Request[] = [];
  page.on('request', (req) => requests.push(req));
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    scripts.push(
      res.body().then((body) => {
        const gzip = zlib.gzipSync(body, { level: 6 }).length;
        if (process.env.BENCH_VERBOSE) {
          console.error(
            `${(gzip / 1024).toFixed(1).padStart(7)} KB  ${new URL(res.url()).pathname}`,
          );
        }
        return { pathname: new URL(res.url()).pathname, raw: body.length, gzip, body };
      }),
    );
  });
  await page.goto(url);
  await page.getByRole('heading', { name: ready }).first().waitFor();
  await page.waitForLoadState('networkidle');
  const sizes = await Promise.all(scripts);
  await page.close();
  return {
    gzipBytes: sizes.reduce((n, s) => n + s.gzip, 0),
    rawBytes: sizes.reduce((n, s) => n + s.raw, 0),
    files: sizes.length,
    requests,
    scripts: sizes,
  };
}

const stack = await startStack();
const browser = await launchChromium();
try {
  const loginContext = await browser.newContext({ baseURL: stack.baseUrl });
  const login = await load(loginContext, '/login', 'Sign in to your account');
  await loginContext.close();
  print('web_js_gzip_login', login.gzipBytes / 1024, 'KB', LOGIN_GOAL_KB);
  print('web_js_files_login', login.files, 'files');

  const state = await signedInState(browser, stack.baseUrl);
  const listContext = await browser.newContext({ baseURL: stack.baseUrl, storageState: state });
  const list = await load(listContext, '/rem_omni/see_all', 'Setups');
  await listContext.close();
  print('web_js_gzip_setups_list_cold', list.gzipBytes / 1024, 'KB', LIST_GOAL_KB);
  print('web_js_files_setups_list_cold', list.files, 'files');
  writeBundleReport([
    { title: 'Login (signed out, cold)', scripts: login.scripts },
    { title: 'Setups list (signed in, cold)', scripts: list.scripts },
  ]);

  // The page's entry (the one script the page runs; the rest it preloads) sends the list's first
  // allSetup call as it runs, before the app's chunks have arrived: how long after the entry
  // arrived the call starts.
  const entry = list.requests.find((r) => /\/assets\/index-[^/]+\.js$/.test(r.url()));
  const dataCalls = list.requests.filter((r) => r.url().endsWith('/rem_omni/allSetup'));
  const data = dataCalls[0];
  print('web_setups_list_allsetup_calls_on_open', dataCalls.length, 'calls', 1);
  if (process.env.BENCH_VERBOSE) {
    const t0 = list.requests[0]?.timing().startTime ?? 0;
    for (const r of list.requests) {
      console.error(
        `${(r.timing().startTime - t0).toFixed(0).padStart(6)} ms  ${new URL(r.url()).pathname}`,
      );
    }
  }
  if (entry && data) {
    const arrived = entry.timing().startTime + entry.timing().responseEnd;
    const after = data.timing().startTime - arrived;
    print('web_setups_list_data_start_after_entry', after, 'ms', START_AFTER_GOAL_MS);
  } else {
    throw new Error("The page's entry or the list's allSetup call was not requested");
  }
} finally {
  await browser.close();
  await stack.stop();
}
