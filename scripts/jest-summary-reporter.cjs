// Writes each workspace's counts to .test-results/<name>.json so `npm test` can print one total.
const fs = require('node:fs');
const path = require('node:path');

class SummaryReporter {
  constructor(_globalConfig, options) {
    this.name = options.name;
  }

  onRunComplete(_contexts, results) {
    const dir = path.resolve(__dirname, '..', '.test-results');
    fs.mkdirSync(dir, { recursive: true });
    const summary = {
      name: this.name,
      passed: results.numPassedTests,
      failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
      skipped: results.numPendingTests + results.numTodoTests,
    };
    fs.writeFileSync(path.join(dir, `${this.name}.json`), JSON.stringify(summary));
  }
}

module.exports = SummaryReporter;
