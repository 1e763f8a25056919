// Shared StrykerJS settings (`npm run mutation`, docs/testing.md#mutation-testing): the jest
// runner in native ESM mode, as scripts/jest.mjs runs jest, per-test coverage, at most two
// test runners (the machines have two cores), incremental.
//
// The sandboxes live in the repository's root `.stryker-tmp/`, two levels under it like the
// workspaces, so each workspace's jest.config.mjs, copied into a sandbox, still finds
// `../../scripts/jest-preset.mjs`. Its rootDir is the sandbox (import.meta.dirname).

/**
 * Stryker's options (https://stryker-mutator.io/docs/stryker-js/configuration). `testTimeout`:
 * jest's, for a mutant that leaves a request unanswered to fail its test rather than run into
 * Stryker's own timeout, which restarts the test runner (seconds of start-up each).
 * @param {{ name: string, mutate: string[], testMatch?: string[], testTimeout?: number }} options
 */
export function strykerConfig({ name, mutate, testMatch, testTimeout }) {
  return {
    testRunner: 'jest',
    plugins: ['@stryker-mutator/jest-runner'],
    testRunnerNodeArgs: ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning'],
    coverageAnalysis: 'perTest',
    concurrency: 2,
    mutate,
    jest: {
      projectType: 'custom',
      configFile: 'jest.config.mjs',
      enableFindRelatedTests: true,
      config: {
        ...(testMatch ? { testMatch } : {}),
        ...(testTimeout ? { testTimeout } : {}),
      },
    },
    tempDirName: '../../.stryker-tmp',
    // A cache of the last run's results (kept out of git, see docs/testing.md).
    incremental: true,
    incrementalFile: `../../.stryker-tmp/incremental/${name}.json`,
    ignorePatterns: ['dist', 'coverage', '.turbo', 'node_modules'],
    reporters: ['clear-text', 'progress', 'json', 'html'],
    jsonReporter: { fileName: `../../reports/mutation/${name}.json` },
    htmlReporter: { fileName: `../../reports/mutation/${name}.html` },
    clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0 },
    // The gateway's and the web's slowest tests take seconds; a mutant that loops forever is
    // still caught.
    timeoutMS: 10_000,
    thresholds: { high: 90, low: 80, break: null },
  };
}
