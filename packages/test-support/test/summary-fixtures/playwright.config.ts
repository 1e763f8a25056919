// The Playwright run of suite-honesty.test.ts: the e2e summary reporter on a fixture spec.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: '*.pw-fixture.ts',
  retries: 1,
  workers: 1,
  outputDir: process.env.TEST_RESULTS_DIR,
  reporter: [['../../../../e2e/support/summary-reporter.ts']],
});
