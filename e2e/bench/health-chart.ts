/**
 * The pipeline health screen's time to first chart (issue 32): a cold load (fresh context, empty
 * cache) of /rem_omni/health on the slow profile (Lighthouse's mobile throttling), with the
 * gateway's fleet snapshot already read (warm), from navigation start to the frame after the
 * first bar of a chart is in the page. The median of `runs` loads.
 *
 * Run alone: WEB_VITALS_PARTS=health npx jiti e2e/bench/web-vitals.ts
 */
import zlib from 'node:zlib';
import { fleetOps, type FleetHealth } from '@onboarding/contracts';
import type { BrowserContext, Page } from '@playwright/test';
import { median, throttle, type Throttling } from './browser-stack.js';

export const HEALTH_CHART_GOAL_MS = 2500;

declare global {
  interface Window {
    __firstChart?: number;
  }
}

/** In the page from its start: notes the frame after a chart's first bar appears. */
function watchFirstChart() {
  const seen = () => document.querySelector('figure svg .MuiBarChart-element') !== null;
  new MutationObserver((_records, observer) => {
    if (window.__firstChart !== undefined || !seen()) return;
    observer.disconnect();
    requestAnimationFrame(() => (window.__firstChart = performance.now()));
  }).observe(document, { childList: true, subtree: true });
}

/** Waits until the gateway serves a complete snapshot (the first read starts at sign-in). */
async function warmSnapshot(page: Page): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const state = await page.evaluate(async (path) => {
      const res = await fetch(`${path}?flow=rem_omni`);
      return res.ok ? ((await res.json()) as FleetHealth).state : `HTTP ${res.status}`;
    }, fleetOps.health.path);
    if (state === 'ready') return;
    if (Date.now() > deadline) throw new Error(`The fleet snapshot is still ${state}`);
    await page.waitForTimeout(500);
  }
}

/** Bytes of a JSON text as sent gzip-compressed (zlib's default level, as the gateway's). */
const gzipped = (text: string) => zlib.gzipSync(text).length;

/**
 * The Category Leaderboard's answers, as JSON and gzip: the whole snapshot (with every bar's
 * setup ids, for API clients) and the health screen's read (counts only).
 */
async function answerBytes(page: Page): Promise<Record<string, { json: number; gzip: number }>> {
  const [snapshot, health] = await page.evaluate(
    (paths) =>
      Promise.all(paths.map(async (path) => (await fetch(`${path}?flow=rem_omni`)).text())),
    [fleetOps.snapshot.path, fleetOps.health.path],
  );
  const size = (text: string) => ({ json: Buffer.byteLength(text), gzip: gzipped(text) });
  return { snapshot: size(snapshot!), health: size(health!) };
}

async function oneLoad(
  newContext: () => Promise<BrowserContext>,
  profile: Throttling,
): Promise<number> {
  const context = await newContext();
  try {
    await context.addInitScript(watchFirstChart);
    const page = await context.newPage();
    await throttle(context, page, profile);
    await page.goto('/rem_omni/health', { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__firstChart !== undefined, null, {
      timeout: 60_000,
    });
    return page.evaluate(() => window.__firstChart!);
  } finally {
    await context.close();
  }
}

/**
 * The median time to first chart over `runs` cold loads; `newContext` makes a signed-in context
 * on the stack's origin.
 */
export async function healthTimeToChart(
  newContext: () => Promise<BrowserContext>,
  profile: Throttling,
  runs: number,
): Promise<{ median: number; runs: number[] }> {
  const probe = await newContext();
  try {
    const page = await probe.newPage();
    await page.goto('/rem_omni/see_all');
    await warmSnapshot(page);
    if (process.env.BENCH_VERBOSE) {
      for (const [name, { json, gzip }] of Object.entries(await answerBytes(page)))
        console.error(`health answer bytes, ${name}: ${json} B JSON, ${gzip} B gzip`);
    }
  } finally {
    await probe.close();
  }
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) times.push(await oneLoad(newContext, profile));
  return { median: median(times), runs: times };
}
