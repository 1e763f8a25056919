/**
 * Writes `{ name: "e2e", passed, failed, skipped }` to <repo>/.test-results/e2e.json, which the
 * root `npm test` adds to its total. A test that passed on retry counts as passed.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FullResult, Reporter, Suite } from '@playwright/test/reporter';
import { REPO_ROOT } from './stack.js';

export default class SummaryReporter implements Reporter {
  private suite: Suite | undefined;

  onBegin(_config: unknown, suite: Suite): void {
    this.suite = suite;
  }

  onEnd(result: FullResult): void {
    const tests = this.suite?.allTests() ?? [];
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const t of tests) {
      const outcome = t.outcome();
      if (outcome === 'expected' || outcome === 'flaky') passed += 1;
      else if (outcome === 'skipped') skipped += 1;
      else failed += 1;
    }
    // A run that broke before any test (e.g. the stack did not start) is a failure too.
    if (tests.length === 0 && result.status !== 'passed') failed = 1;
    const dir = path.join(REPO_ROOT, '.test-results');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'e2e.json'),
      JSON.stringify({ name: 'e2e', passed, failed, skipped }),
    );
  }
}
