/**
 * Bundle-size benchmark: the gzipped JavaScript a browser downloads for a cold /login and for
 * each main signed-in screen (the setups list, a setup's details, the prospect form, products,
 * prompts, the failure board and pipeline health; signed in, empty cache), from the production
 * build served by the gateway. Chromium (Debian's) loads each page in a fresh context; every
 * script response is gzipped here (level 6, what servers typically use) and summed, each route
 * is printed beside issue 34's goal (sign-in 30 KB, the setups list 180 KB, any other 200 KB),
 * and what each carries is written to docs/bundle-report.md. It exits non-zero when a route
 * misses its goal, once every route is measured and the report written. Also tells whether the
 * list's first data request waits for the app's code (it should not: the page's entry sends it
 * as soon as the session check answers, which issue 30 puts before any data call). The build's
 * own per-route budgets (gzip level 9) are apps/web/src/lib/route-budgets.ts.
 *
 * Against a running stack: BENCH_BASE_URL=http://localhost:18480 (as `npm run bench` does);
 * otherwise it starts one itself (`node scripts/start.mjs` on ports of its own).
 * Prints JSON lines `{ "metric", "value", "unit", "goal", "pass" }`.
 *
 *   npx jiti e2e/bench/bundle-size.ts
 */
import zlib from 'node:zlib';
import type { Browser, BrowserContext, Page, Request } from '@playwright/test';
import { seededSetupId } from '../support/gateway-api.js';
import { launchChromium, print, signedInState, startStack } from './browser-stack.js';
import { writeBundleReport, type LoadedScript } from './bundle-report.js';

/** Issue 34's goals, gzipped KB of a cold load. */
const LOGIN_GOAL_KB = 30;
const LIST_GOAL_KB = 180;
const ROUTE_GOAL_KB = 200;
/** As the session check answers: at most a task or two after, whatever the machine's load. */
const START_AFTER_GOAL_MS = 20;

interface Loaded {
  gzipBytes: number;
  rawBytes: number;
  files: number;
  requests: Request[];
  scripts: LoadedScript[];
}

/** Opens `url` in `context` and sums the scripts it loaded. */
async function load(
  context: BrowserContext,
  url: string,
  ready: (page: Page) => Promise<void>,
): Promise<Loaded> {
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
  await ready(page);
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

const heading = (name: string) => (page: Page) =>
  page.getByRole('heading', { name, level: 1 }).first().waitFor();
const rowsShown = (table: string) => (page: Page) =>
  page.getByRole('table', { name: table }).locator('tbody tr').first().waitFor();

/** The signed-in screens measured: metric key, report title, path, when it shows its data. */
function signedInRoutes(setupId: number) {
  return [
    {
      key: 'setups_list_cold',
      title: 'Setups list',
      path: '/rem_omni/see_all',
      ready: rowsShown('Setups'),
      goal: LIST_GOAL_KB,
    },
    {
      key: 'setup_details',
      title: 'Setup details',
      path: `/rem_omni/details/${setupId}`,
      ready: (page: Page) =>
        page
          .getByRole('region', { name: 'Workflow Status timeline' })
          .getByRole('listitem')
          .first()
          .waitFor(),
      goal: ROUTE_GOAL_KB,
    },
    {
      key: 'prospect_form',
      title: 'Prospect form',
      path: '/rem_omni/prospect',
      ready: (page: Page) => page.getByRole('textbox', { name: 'Account Name' }).waitFor(),
      goal: ROUTE_GOAL_KB,
    },
    {
      key: 'products_list',
      title: 'Products',
      path: '/product/see_all',
      ready: rowsShown('Products'),
      goal: ROUTE_GOAL_KB,
    },
    {
      key: 'prompts_list',
      title: 'Prompts',
      path: '/llm_service/prompts',
      ready: rowsShown('Prompts'),
      goal: ROUTE_GOAL_KB,
    },
    {
      key: 'failure_board',
      title: 'Failure board',
      path: '/rem_omni/failures',
      ready: heading('Failures'),
      goal: ROUTE_GOAL_KB,
    },
    {
      key: 'pipeline_health',
      title: 'Pipeline health',
      path: '/rem_omni/health',
      ready: heading('Pipeline Health'),
      goal: ROUTE_GOAL_KB,
    },
  ];
}

let missed = 0;
/** Prints a route's gzipped JS beside its goal and counts a miss. */
function printRoute(key: string, loaded: Loaded, goal: number) {
  print(`web_js_gzip_${key}`, loaded.gzipBytes / 1024, 'KB', goal);
  print(`web_js_files_${key}`, loaded.files, 'files');
  if (loaded.gzipBytes / 1024 > goal) missed += 1;
}

async function setupIdOf(
  browser: Browser,
  baseUrl: string,
  state: Awaited<ReturnType<typeof signedInState>>,
): Promise<number> {
  const context = await browser.newContext({ baseURL: baseUrl, storageState: state });
  const page = await context.newPage();
  await page.goto('/product/see_all');
  const setupId = await seededSetupId(page);
  await context.close();
  return setupId;
}

const stack = await startStack();
const browser = await launchChromium();
try {
  const loginContext = await browser.newContext({ baseURL: stack.baseUrl });
  const login = await load(loginContext, '/login', (page) =>
    page.getByRole('heading', { name: 'Sign in to your account' }).first().waitFor(),
  );
  await loginContext.close();
  printRoute('login', login, LOGIN_GOAL_KB);

  const state = await signedInState(browser, stack.baseUrl);
  const setupId = await setupIdOf(browser, stack.baseUrl, state);
  const reports = [{ title: 'Login (signed out, cold)', scripts: login.scripts }];
  let list: Loaded | undefined;
  for (const route of signedInRoutes(setupId)) {
    const context = await browser.newContext({ baseURL: stack.baseUrl, storageState: state });
    const loaded = await load(context, route.path, route.ready);
    await context.close();
    printRoute(route.key, loaded, route.goal);
    reports.push({ title: `${route.title} (signed in, cold)`, scripts: loaded.scripts });
    list ??= loaded;
  }
  writeBundleReport(reports);
  if (!list) throw new Error('The setups list was not measured');

  // The page's entry (the one script the page runs; the rest it preloads) sends the session
  // check, then the list's first allSetup call as soon as that answers signed-in, before the
  // app's chunks have arrived: how long after the check's answer the call starts.
  const entry = list.requests.find((r) => /\/assets\/index-[^/]+\.js$/.test(r.url()));
  const check = list.requests.find((r) => new URL(r.url()).pathname === '/api/config');
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
  if (!entry || !check || !data) {
    throw new Error(
      "The page's entry, the session check or the list's allSetup call was not requested",
    );
  }
  // The entry reads the check's status as its headers arrive.
  const answered = check.timing().startTime + check.timing().responseStart;
  print(
    'web_setups_list_data_start_after_session_check',
    data.timing().startTime - answered,
    'ms',
    START_AFTER_GOAL_MS,
  );
  // For the record: the data call now waits for the check's round trip after the entry arrives.
  const arrived = entry.timing().startTime + entry.timing().responseEnd;
  print('web_setups_list_data_start_after_entry', data.timing().startTime - arrived, 'ms');
} finally {
  await browser.close();
  await stack.stop();
}
// A route over its goal fails the run (`npm run bench` also fails on any missed goal).
if (missed > 0) process.exitCode = 1;
