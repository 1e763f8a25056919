// Writes each workspace's jest results to .test-results/<name>.json (scripts/test-summary.cjs).
const path = require('node:path');
const { Summary, reasonInTitle } = require('./test-summary.cjs');

class SummaryReporter {
  constructor(_globalConfig, options) {
    this.name = options.name;
  }

  onRunComplete(_contexts, results) {
    const summary = new Summary(this.name);
    for (const file of results.testResults) {
      // A file that failed to load or crashed counts once, beside its tests.
      if (file.testExecError || (file.failureMessage && file.numFailingTests === 0)) summary.fail();
      for (const t of file.testResults) {
        const name = `${path.relative(process.cwd(), file.testFilePath)} › ${t.fullName}`;
        if (t.status === 'passed')
          summary.pass(name, { retried: (t.invocations ?? 1) > 1 || t.retryReasons?.length > 0 });
        else if (t.status === 'pending' || t.status === 'todo' || t.status === 'skipped')
          summary.skip(name, reasonInTitle(t.title));
        else if (t.status === 'failed') summary.fail();
      }
    }
    summary.write();
  }
}

module.exports = SummaryReporter;
