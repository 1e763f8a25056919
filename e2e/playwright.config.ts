import { defineConfig } from '@playwright/test';
import { BASE_URL, REPO_ROOT, runDataDir, stackEnv } from './support/stack.js';

const dataDir = runDataDir();

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Always: the real CI sets no CI variable, and a stray .only must fail there too.
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  globalTeardown: './support/global-teardown.ts',
  reporter: [['list'], ['./support/summary-reporter.ts']],
  projects: [
    { name: 'e2e', testDir: './specs', grepInvert: /@quiet/ },
    // Tests that count the sandbox's calls of the whole stack: after the others, which would add
    // theirs (tagged @quiet).
    { name: 'quiet', testDir: './specs', grep: /@quiet/, dependencies: ['e2e'] },
    // `npm run dev` in Chromium: its own process tree (not the stack below), started after the
    // specs so that its compilers do not share the two cores with them. Beside the quiet test,
    // which mostly waits on the fleet's refreshes and counts calls to the other sandbox.
    { name: 'dev-loop', testDir: './dev', dependencies: ['e2e'] },
  ],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node scripts/start.mjs',
    cwd: REPO_ROOT,
    url: `${BASE_URL}/api/health`,
    env: stackEnv(dataDir),
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
