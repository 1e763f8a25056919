// What every test runner's summary reporter writes for `npm test` (scripts/test-all.mjs):
// counts, the tests that passed only on a retry (flaky), and skipped tests with their reasons.
// A skip without a written reason counts as a failure, so nothing is left out silently.
const fs = require('node:fs');
const path = require('node:path');

/** Where the summaries go: `<repo>/.test-results`, or TEST_RESULTS_DIR (the reporters' own tests). */
const resultsDir = () =>
  process.env.TEST_RESULTS_DIR ?? path.resolve(__dirname, '..', '.test-results');

/** A jest title carries its skip reason as `(skipped: reason)`; Playwright's is its annotation. */
const REASON_IN_TITLE = /\((?:skipped|todo|fixme): ([^)]*\S[^)]*)\)\s*$/;

function reasonInTitle(title) {
  return REASON_IN_TITLE.exec(title)?.[1]?.trim();
}

class Summary {
  constructor(name) {
    this.name = name;
    this.passed = 0;
    this.failed = 0;
    this.skipped = 0;
    /** tests that passed only on a retry */
    this.flaky = [];
    /** skipped tests with their written reason */
    this.skips = [];
    /** skipped tests without a reason: each one fails the run */
    this.unexplainedSkips = [];
  }

  pass(name, { retried = false } = {}) {
    if (retried) this.flaky.push(name);
    else this.passed += 1;
  }

  fail() {
    this.failed += 1;
  }

  skip(name, reason) {
    if (reason) {
      this.skipped += 1;
      this.skips.push({ name, reason });
    } else {
      this.unexplainedSkips.push(name);
      this.failed += 1;
    }
  }

  write() {
    const dir = resultsDir();
    fs.mkdirSync(dir, { recursive: true });
    const { name, passed, failed, skipped, flaky, skips, unexplainedSkips } = this;
    fs.writeFileSync(
      path.join(dir, `${name}.json`),
      JSON.stringify({ name, passed, failed, skipped, flaky, skips, unexplainedSkips }, null, 2),
    );
  }
}

module.exports = { Summary, reasonInTitle };
