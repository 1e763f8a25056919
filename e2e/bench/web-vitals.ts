/**
 * Web vitals benchmark (issue 34's goals): the production build served by the gateway, in
 * Debian's Chromium with the DevTools protocol's network and CPU throttling set to Lighthouse's
 * two profiles.
 * - Largest contentful paint of a cold load (fresh context, empty cache) of each screen, the
 *   median of WEB_VITALS_RUNS (default 5) runs per profile.
 * - Warm navigation: Back to a screen visited a moment ago, from the Back to its data painted,
 *   on the desktop profile.
 * - Interaction to next paint on the mobile profile's CPU (4× slowdown): each interaction's
 *   duration as Event Timing reports it (its events' time stamps to the frame painted after their
 *   handlers), the worst of a few interactions of each kind (the picker's is measured by
 *   picker.ts on its 10,000-node harness).
 * - The pipeline health screen's time to first chart on the mobile profile, with the gateway's
 *   fleet snapshot already read (health-chart.ts; issue 32).
 *
 * Against a running stack: BENCH_BASE_URL (as `npm run bench` does); otherwise it starts one.
 * Prints JSON lines `{ "metric", "value", "unit", "goal", "pass" }`.
 *
 *   npx jiti e2e/bench/web-vitals.ts
 */
import type { Browser, Page } from '@playwright/test';
import { seededSetupId } from '../support/gateway-api.js';
import {
  DESKTOP,
  launchChromium,
  MOBILE,
  median,
  print,
  signedInState,
  startStack,
  throttle,
  type Throttling,
} from './browser-stack.js';
import { HEALTH_CHART_GOAL_MS, healthTimeToChart } from './health-chart.js';

type StorageState = Awaited<ReturnType<typeof signedInState>>;

interface Profile extends Throttling {
  name: 'desktop' | 'mobile';
  lcpGoalMs: number;
}

const PROFILES: Profile[] = [
  { name: 'desktop', ...DESKTOP, lcpGoalMs: 1000 },
  // Issue 34: 2.2 s on the slow profile, under Core Web Vitals' 2.5 s "good" line.
  { name: 'mobile', ...MOBILE, lcpGoalMs: 2200 },
];
const RUNS = Number(process.env.WEB_VITALS_RUNS ?? 5);
/** Which parts to run (comma-separated: lcp, warm, inp, health); all by default. */
const PARTS = new Set((process.env.WEB_VITALS_PARTS ?? 'lcp,warm,inp,health').split(','));
/** Which screens' LCP to measure (comma-separated keys, e.g. login,setups_list); all by default. */
const ONLY = process.env.WEB_VITALS_SCREENS?.split(',');
const WARM_NAV_GOAL_MS = 300;
const INP_GOAL_MS = 100;
/** How many rows' menus and drawers are opened (the worst counts, as INP takes a page's worst). */
const INTERACTIONS = Number(process.env.WEB_VITALS_INTERACTIONS ?? 3);

interface Screen {
  key: string;
  path: string;
  signedIn: boolean;
  /** Resolves once the screen shows its data. */
  ready: (page: Page) => Promise<void>;
}

const rowsShown = (table: string) => (page: Page) =>
  page.getByRole('table', { name: table }).locator('tbody tr').first().waitFor();

function screens(setupId: number): Screen[] {
  return [
    {
      key: 'login',
      path: '/login',
      signedIn: false,
      ready: (page) => page.getByRole('button', { name: 'Sign in' }).waitFor(),
    },
    {
      key: 'setups_list',
      path: '/rem_omni/see_all',
      signedIn: true,
      ready: rowsShown('Setups'),
    },
    {
      key: 'setup_details',
      path: `/rem_omni/details/${setupId}`,
      signedIn: true,
      ready: (page) =>
        page
          .getByRole('region', { name: 'Workflow Status timeline' })
          .getByRole('listitem')
          .first()
          .waitFor(),
    },
    {
      key: 'prospect_form',
      path: '/rem_omni/prospect',
      signedIn: true,
      ready: (page) => page.getByRole('textbox', { name: 'Account Name' }).waitFor(),
    },
    {
      key: 'products_list',
      path: '/product/see_all',
      signedIn: true,
      ready: rowsShown('Products'),
    },
    {
      key: 'prompts_list',
      path: '/llm_service/prompts',
      signedIn: true,
      ready: rowsShown('Prompts'),
    },
    {
      key: 'failure_board',
      path: '/rem_omni/failures',
      signedIn: true,
      // Its counts, once the fleet's failures are read.
      ready: (page) =>
        page
          .getByRole('status')
          .filter({ hasText: /failed rows? in/ })
          .waitFor(),
    },
  ];
}

declare global {
  interface Window {
    __nextPaint?: (type: string) => Promise<number>;
    __pending?: Promise<number>;
  }
}

/** Event Timing reports no event quicker than this (ms): the API's smallest threshold. */
const EVENT_TIMING_FLOOR_MS = 16;

/**
 * In every page: an interaction's duration as INP counts it, from Event Timing. Each event of the
 * interaction (a click's pointerdown, pointerup and click; a key's keydown and keyup) is reported
 * with its duration from its time stamp to the frame painted after its handlers (rounded to 8 ms);
 * the interaction's is the longest. Work that runs after that paint (a menu's mount, started as a
 * transition once the press has painted) is not in it. An event under the API's threshold is
 * not reported: when the probed event itself is not, the probe resolves the threshold.
 */
function installProbes(floorMs: number) {
  const seen: PerformanceEventTiming[] = [];
  // Event Timing's own option, which TypeScript's DOM types do not list yet.
  const options: PerformanceObserverInit & { durationThreshold: number } = {
    type: 'event',
    durationThreshold: floorMs,
    buffered: true,
  };
  new PerformanceObserver((list) => {
    seen.push(...(list.getEntries() as PerformanceEventTiming[]));
  }).observe(options);
  window.__nextPaint = (type: string) =>
    new Promise<number>((resolve) => {
      window.addEventListener(
        type,
        (event) => {
          const start = event.timeStamp;
          const giveUpAt = performance.now() + 1000;
          const settle = () => {
            const own = seen.find((e) => e.name === type && Math.abs(e.startTime - start) < 0.5);
            if (own) {
              // The interaction's later events (a key's keyup) are reported after its own.
              setTimeout(() => {
                const mine = seen.filter((e) => e.interactionId === own.interactionId);
                resolve(Math.max(...mine.map((e) => e.duration)));
              }, 300);
            } else if (performance.now() > giveUpAt) resolve(floorMs);
            else setTimeout(settle, 20);
          };
          setTimeout(settle, 20);
        },
        { capture: true, once: true },
      );
    });
}

async function newPage(
  browser: Browser,
  baseUrl: string,
  state: StorageState | undefined,
  profile: Profile,
) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    storageState: state,
    viewport: { width: 1366, height: 768 },
  });
  await context.addInitScript(installProbes, EVENT_TIMING_FLOOR_MS);
  const page = await context.newPage();
  await throttle(context, page, profile);
  return { context, page };
}

/** A cold load's LCP (ms after navigation start), read once the screen shows its data. */
async function coldLcp(
  browser: Browser,
  baseUrl: string,
  state: StorageState,
  screen: Screen,
  profile: Profile,
): Promise<number> {
  const { context, page } = await newPage(
    browser,
    baseUrl,
    screen.signedIn ? state : undefined,
    profile,
  );
  try {
    await page.goto(screen.path);
    await screen.ready(page);
    await page.waitForLoadState('networkidle');
    // A fresh observer gets the buffered entries in its first callback, after the last paint.
    const last = await page.evaluate(
      () =>
        new Promise<{ time: number; element: string } | undefined>((resolve) => {
          let entry: { time: number; element: string } | undefined;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as (PerformanceEntry & { element?: Element })[]) {
              const el = e.element;
              const text = el?.textContent?.trim().slice(0, 40) ?? '';
              entry = { time: e.startTime, element: `${el?.tagName.toLowerCase()} "${text}"` };
            }
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => resolve(entry), 300);
        }),
    );
    if (last === undefined) throw new Error(`${screen.key}: no largest-contentful-paint entry`);
    // Which element it was, to see what a change moved (BENCH_VERBOSE).
    if (process.env.BENCH_VERBOSE) {
      console.error(
        `  ${profile.name} ${screen.key}: ${Math.round(last.time)} ms, ${last.element}`,
      );
    }
    return last.time;
  } finally {
    await context.close();
  }
}

/** The duration of the interaction `act` starts with an event of `type` (Event Timing's). */
async function toNextPaint(page: Page, type: string, act: () => Promise<void>): Promise<number> {
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 100))),
  );
  await page.evaluate((t) => {
    window.__pending = window.__nextPaint!(t);
  }, type);
  await act();
  return page.evaluate(() => window.__pending!);
}

/** Back to a screen visited a moment ago: ms from the Back to its data painted. */
async function warmBack(page: Page, from: Screen, to: Screen): Promise<number> {
  await page.goto(to.path);
  await to.ready(page);
  await page.waitForLoadState('networkidle');
  // Client-side to the other screen, as React Router moves on a history change (a full load
  // would not be warm); then the browser's Back.
  await page.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, from.path);
  await from.ready(page);
  await page.waitForLoadState('networkidle');
  const t0 = await page.evaluate(() => performance.now());
  await page.goBack({ waitUntil: 'commit' });
  await to.ready(page);
  return page.evaluate(
    (start) =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() => resolve(performance.now() - start)),
      ),
    t0,
  );
}

const stack = await startStack();
const browser = await launchChromium();
try {
  const state = await signedInState(browser, stack.baseUrl);

  const { context: probe, page: probePage } = await newPage(
    browser,
    stack.baseUrl,
    state,
    PROFILES[0]!,
  );
  await probePage.goto('/product/see_all');
  const setupId = await seededSetupId(probePage);
  await probe.close();
  const all = screens(setupId);

  for (const profile of PARTS.has('lcp') ? PROFILES : []) {
    for (const screen of all.filter((s) => !ONLY || ONLY.includes(s.key))) {
      const runs: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        runs.push(await coldLcp(browser, stack.baseUrl, state, screen, profile));
      }
      if (process.env.BENCH_VERBOSE) {
        console.error(`${profile.name} ${screen.key}: ${runs.map(Math.round).join(' ')} ms`);
      }
      print(`web_lcp_${profile.name}_${screen.key}`, median(runs), 'ms', profile.lcpGoalMs);
    }
  }

  // Warm navigation on the desktop profile: to each signed-in screen and Back to the list, and
  // from the list Back to each.
  const desktop = PROFILES[0]!;
  const mobile = PROFILES[1]!;
  if (PARTS.has('warm')) {
    const { context, page } = await newPage(browser, stack.baseUrl, state, desktop);
    const list = all.find((s) => s.key === 'setups_list')!;
    const warm: number[] = [];
    for (const other of all.filter((s) => s.signedIn && s !== list)) {
      warm.push(await warmBack(page, other, list));
      warm.push(await warmBack(page, list, other));
    }
    await context.close();
    if (process.env.BENCH_VERBOSE) console.error(`warm: ${warm.map(Math.round).join(' ')} ms`);
    print('web_warm_nav_desktop_worst', Math.max(...warm), 'ms', WARM_NAV_GOAL_MS);
    print('web_warm_nav_desktop_median', median(warm), 'ms');
  }

  // Interactions on the mobile profile's CPU (network as on the desktop: these are not loads).
  if (PARTS.has('inp')) {
    const cpuOnly: Profile = { ...desktop, cpu: mobile.cpu };
    const { context, page } = await newPage(browser, stack.baseUrl, state, cpuOnly);
    await page.goto('/rem_omni/see_all');
    await rowsShown('Setups')(page);
    await page.waitForLoadState('networkidle');

    const search = page.getByRole('searchbox', { name: 'Search client name' });
    await search.focus();
    const keys: number[] = [];
    for (const key of 'harbor') {
      keys.push(await toNextPaint(page, 'keydown', () => page.keyboard.press(key)));
    }
    if (process.env.BENCH_VERBOSE)
      console.error(`search keys: ${keys.map(Math.round).join(' ')} ms`);
    print('web_inp_mobile_cpu_search_typing', Math.max(...keys), 'ms', INP_GOAL_MS);
    await search.fill('');
    await page.waitForURL((url) => !url.search.includes('search='));
    await rowsShown('Setups')(page);
    await page.waitForLoadState('networkidle');

    const menus: number[] = [];
    const drawers: number[] = [];
    for (let i = 0; i < INTERACTIONS; i += 1) {
      const button = page.getByRole('button', { name: /^Actions for / }).nth(i);
      menus.push(await toNextPaint(page, 'click', () => button.click()));
      await page.getByRole('menu').waitFor();
      const item = page.getByRole('menuitem', { name: 'Actions/More details' });
      drawers.push(await toNextPaint(page, 'click', () => item.click()));
      const drawer = page.getByRole('dialog');
      await drawer.waitFor();
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
    }
    if (process.env.BENCH_VERBOSE) {
      console.error(`row menu: ${menus.map(Math.round).join(' ')} ms`);
      console.error(`drawer: ${drawers.map(Math.round).join(' ')} ms`);
    }
    print('web_inp_mobile_cpu_row_menu', Math.max(...menus), 'ms', INP_GOAL_MS);
    print('web_inp_mobile_cpu_details_drawer', Math.max(...drawers), 'ms', INP_GOAL_MS);

    // A row expanded to its browse nodes, then closed again before the next.
    const expands: number[] = [];
    for (let i = 0; i < INTERACTIONS; i += 1) {
      // Its name says Hide once open: both names keep the locator on the same row.
      const expander = page.getByRole('button', { name: /^(Show|Hide) details of / }).nth(i);
      expands.push(await toNextPaint(page, 'click', () => expander.click()));
      await page.getByRole('table', { name: /^Browse nodes of / }).waitFor();
      await expander.click();
      await page.getByRole('table', { name: /^Browse nodes of / }).waitFor({ state: 'hidden' });
    }
    if (process.env.BENCH_VERBOSE)
      console.error(`row expand: ${expands.map(Math.round).join(' ')} ms`);
    print('web_inp_mobile_cpu_row_expand', Math.max(...expands), 'ms', INP_GOAL_MS);
    await context.close();
  }

  // The health screen's first chart, cold, on the slow (mobile) profile, the snapshot warm.
  if (PARTS.has('health')) {
    const health = await healthTimeToChart(
      () =>
        browser.newContext({
          baseURL: stack.baseUrl,
          storageState: state,
          viewport: { width: 1366, height: 768 },
        }),
      mobile,
      RUNS,
    );
    if (process.env.BENCH_VERBOSE) {
      console.error(`health first chart: ${health.runs.map(Math.round).join(' ')} ms`);
    }
    print('web_health_first_chart_mobile', health.median, 'ms', HEALTH_CHART_GOAL_MS);
  }
} finally {
  await browser.close();
  await stack.stop();
}
