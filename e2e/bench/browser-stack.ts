/**
 * What the browser benchmarks share: Debian's Chromium with the house flags, the stack as
 * `npm start` runs it (or a running one named by BENCH_BASE_URL), a signed-in storage state,
 * and the JSON line each figure is printed as.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { REPO_ROOT, stackEnv } from '../support/stack.js';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

async function waitFor(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

/**
 * Starts the stack when no running one was named, on the e2e ports (E2E_PORT and
 * E2E_SANDBOX_PORT, read when e2e/support/stack.ts loads: set them on the command line).
 */
export async function startStack(): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const given = process.env.BENCH_BASE_URL;
  if (given) return { baseUrl: given.replace(/\/+$/, ''), stop: () => Promise.resolve() };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'onboarding-e2e-bench-'));
  const env = stackEnv(dataDir);
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = env.PUBLIC_URL!;
  await waitFor(`${baseUrl}/api/health`);
  return {
    baseUrl,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in once through the sandbox identity provider; the state seeds cold contexts. */
export async function signedInState(browser: Browser, baseUrl: string) {
  const context = await browser.newContext({ baseURL: baseUrl });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Your email' }).fill('bench@example.com');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/rem_omni/see_all');
  const state = await context.storageState();
  await context.close();
  return state;
}

/** One figure as a JSON line `{ metric, value, unit, goal?, pass? }` (npm run bench reads them). */
export function print(metric: string, value: number, unit: string, goal?: number) {
  const line: Record<string, unknown> = { metric, value: Math.round(value * 10) / 10, unit };
  if (goal !== undefined) {
    line.goal = `<= ${goal} ${unit}`;
    line.pass = value <= goal;
  }
  console.log(JSON.stringify(line));
}

export const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** A network and CPU profile, as Lighthouse's throttling sets them. */
export interface Throttling {
  latencyMs: number;
  downKbps: number;
  upKbps: number;
  cpu: number;
}

/** Lighthouse's two throttling profiles (its "devtools" throttling values). */
export const DESKTOP: Throttling = { latencyMs: 40, downKbps: 10_240, upKbps: 10_240, cpu: 1 };
export const MOBILE: Throttling = { latencyMs: 150, downKbps: 1_638.4, upKbps: 750, cpu: 4 };

/** Throttles the page's network and CPU through the DevTools protocol. */
export async function throttle(context: BrowserContext, page: Page, profile: Throttling) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.latencyMs,
    downloadThroughput: (profile.downKbps * 1024) / 8,
    uploadThroughput: (profile.upKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
  return cdp;
}
