/**
 * Writes the browser tests' results to <repo>/.test-results/e2e.json (scripts/test-summary.cjs):
 * a test that passed only on a retry is flaky, never simply passed; a skip or fixme needs its
 * reason (`test.skip(condition, 'why')`).
 */
import type { FullResult, Reporter, Suite } from '@playwright/test/reporter';
import testSummary from '../../scripts/test-summary.cjs';

export default class SummaryReporter implements Reporter {
  private suite: Suite | undefined;

  onBegin(_config: unknown, suite: Suite): void {
    this.suite = suite;
  }

  onEnd(result: FullResult): void {
    const tests = this.suite?.allTests() ?? [];
    const summary = new testSummary.Summary(process.env.TEST_SUMMARY_NAME ?? 'e2e');
    for (const t of tests) {
      const name = t.titlePath().filter(Boolean).join(' › ');
      const outcome = t.outcome();
      if (outcome === 'expected') summary.pass(name);
      else if (outcome === 'flaky') summary.pass(name, { retried: true });
      else if (outcome === 'skipped') {
        const reason = t.annotations.find((a) => a.type === 'skip' || a.type === 'fixme');
        summary.skip(name, reason?.description?.trim());
      } else summary.fail();
    }
    // A run that broke before any test (e.g. the stack did not start) is a failure too.
    if (tests.length === 0 && result.status !== 'passed') summary.fail();
    summary.write();
  }
}
