/**
 * A cold load's waterfall, to see what stands between a screen and its first paint: each
 * request's start, first byte and end (ms after navigation start) and bytes on the wire, the
 * main thread's long tasks, first contentful paint and LCP, on Lighthouse's mobile profile (or
 * the desktop one with TIMELINE_PROFILE=desktop). A diagnostic, not a figure with a goal.
 * TIMELINE_TRACE=file.json also writes Chromium's trace of the load (chrome://tracing), and
 * TIMELINE_CPU_PROFILE=file.cpuprofile the main thread's CPU profile (DevTools' Performance).
 *
 *   TIMELINE_PATH=/rem_omni/see_all npx jiti e2e/bench/load-timeline.ts
 */
import fs from 'node:fs';
import {
  DESKTOP,
  launchChromium,
  MOBILE,
  signedInState,
  startStack,
  throttle,
} from './browser-stack.js';

const PROFILE = process.env.TIMELINE_PROFILE === 'desktop' ? DESKTOP : MOBILE;
const PATH = process.env.TIMELINE_PATH ?? '/rem_omni/see_all';

const stack = await startStack();
const browser = await launchChromium();
try {
  const signedIn = !PATH.startsWith('/login');
  const state = signedIn ? await signedInState(browser, stack.baseUrl) : undefined;
  const context = await browser.newContext({
    baseURL: stack.baseUrl,
    storageState: state,
    viewport: { width: 1366, height: 768 },
  });
  await context.addInitScript(() => {
    const w = window as unknown as { __longTasks: [number, number][] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  const cdp = await throttle(context, page, PROFILE);
  const profile = process.env.TIMELINE_CPU_PROFILE;
  if (profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const trace = process.env.TIMELINE_TRACE;
  if (trace) await browser.startTracing(page, { path: trace, screenshots: false });
  await page.goto(PATH);
  await page.waitForLoadState('networkidle');
  if (trace) await browser.stopTracing();
  if (profile) {
    const { profile: cpuProfile } = await cdp.send('Profiler.stop');
    fs.writeFileSync(profile, JSON.stringify(cpuProfile));
  }
  await page.waitForTimeout(500);
  const timeline = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const paints = performance.getEntriesByType('paint').map((p) => [p.name, p.startTime]);
    const lcp = performance.getEntriesByType('largest-contentful-paint').at(-1);
    return {
      rows: [nav, ...resources].map((r) => ({
        name: r.name.replace(location.origin, ''),
        start: Math.round(r.startTime),
        firstByte: Math.round(r.responseStart),
        end: Math.round(r.responseEnd),
        bytes: r.transferSize,
      })),
      paints,
      lcp: lcp?.startTime,
      longTasks: (window as unknown as { __longTasks: [number, number][] }).__longTasks,
    };
  });
  let total = 0;
  for (const r of timeline.rows) {
    total += r.bytes;
    console.log(
      `${String(r.start).padStart(5)} ${String(r.firstByte).padStart(5)} ${String(r.end).padStart(5)} ${String(r.bytes).padStart(7)}  ${r.name}`,
    );
  }
  console.log(`bytes on the wire: ${total}`);
  console.log('paints:', JSON.stringify(timeline.paints), 'lcp:', timeline.lcp);
  console.log(
    'long tasks:',
    timeline.longTasks.map(([s, d]) => `${Math.round(s)}+${Math.round(d)}`).join(' '),
  );
  await context.close();
} finally {
  await browser.close();
  await stack.stop();
}
