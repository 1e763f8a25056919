import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

// What `npm test` prints must tell the whole truth: a test that passed only on a retry is named
// as flaky, a skip carries its reason or fails the run, and a focused test never reaches CI.
const root = path.resolve(import.meta.dirname, '../../..');
const fixtures = path.join(import.meta.dirname, 'summary-fixtures');
const require_ = createRequire(import.meta.url);

interface RunSummary {
  passed: number;
  failed: number;
  skipped: number;
  flaky: string[];
  skips: { name: string; reason: string }[];
  unexplainedSkips: string[];
}

function run(command: string, args: string[], fixture: string): RunSummary {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'summary-'));
  try {
    const r = spawnSync(command, args, {
      cwd: fixtures,
      encoding: 'utf8',
      env: {
        // Playwright refuses to run where it sees jest's worker variable.
        ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('JEST_'))),
        CI: '',
        FIXTURE: fixture,
        TEST_SUMMARY_NAME: fixture,
        TEST_RESULTS_DIR: dir,
        ATTEMPTS_FILE: path.join(dir, 'attempts'),
      },
    });
    const file = path.join(dir, `${fixture}.json`);
    if (!fs.existsSync(file)) throw new Error(`no summary written:\n${r.stdout}\n${r.stderr}`);
    return JSON.parse(fs.readFileSync(file, 'utf8')) as RunSummary;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** One skip with its reason, counted; the ones without a reason, each a failure. */
function expectSkips(s: RunSummary, [name, reason]: [string, string], unexplained: string[]) {
  expect(s.skipped).toBe(1);
  expect(s.skips).toEqual([{ name: expect.stringContaining(name), reason }]);
  expect(s.unexplainedSkips).toEqual(unexplained.map((n) => expect.stringContaining(n)));
  expect(s.failed).toBe(unexplained.length);
}

const jest = (fixture: string) =>
  run(process.execPath, [path.join(root, 'scripts/jest.mjs'), '-c', 'jest.config.mjs'], fixture);

describe("the suite's summary", () => {
  it('names a jest test that passed only on a retry as flaky, not as passed', () => {
    const s = jest('flaky');
    expect(s).toMatchObject({ passed: 1, failed: 0, skipped: 0, unexplainedSkips: [] });
    expect(s.flaky).toEqual([
      expect.stringMatching(/flaky\.jest-fixture\.ts › passes only on its second try$/),
    ]);
  });

  it("prints a skipped jest test's reason and fails the run for skips and todos without one", () => {
    const s = jest('skips');
    expect(s.passed).toBe(1);
    expectSkips(
      s,
      ['waits for the upstream', 'no bulk endpoint upstream yet'],
      ['is switched off with no word why', 'will be written one day'],
    );
  });

  it('names a Playwright test that passed only on a retry as flaky and holds its skips to a reason', () => {
    const cli = path.join(
      path.dirname(require_.resolve('@playwright/test/package.json')),
      'cli.js',
    );
    const s = run(process.execPath, [cli, 'test', '-c', 'playwright.config.ts'], 'flaky-pw');
    expect(s.flaky).toEqual([expect.stringContaining('passes only on its second try')]);
    expect(s.passed).toBe(0);
    expectSkips(
      s,
      ['is skipped with its reason', 'the sandbox has no such fault'],
      ['is skipped with no word why', 'is marked fixme with no word why'],
    );
  });
});

describe('lint', () => {
  // The rule under test needs no type information; the fixtures are not files of a project.
  const eslint = new ESLint({
    cwd: root,
    overrideConfig: [{ files: ['**/*.ts', '**/*.tsx'], ...tseslint.configs.disableTypeChecked }],
  });
  it.each([
    [
      'a jest test',
      'apps/gateway/test/focus.e2e-spec.ts',
      "import { it } from '@jest/globals';\nit.only('x', () => {});\n",
      'jest/no-focused-tests',
    ],
    [
      'a jest describe',
      'apps/web/src/focus.test.tsx',
      "import { describe } from '@jest/globals';\ndescribe.only('x', () => {});\n",
      'jest/no-focused-tests',
    ],
    [
      'a Playwright describe',
      'e2e/specs/focus.spec.ts',
      "import { test } from '@playwright/test';\ntest.describe.only('x', () => {});\n",
      'playwright/no-focused-test',
    ],
  ])('refuses a focused test in %s', async (_what, filePath, code, rule) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
    expect(result!.messages.map((m) => m.ruleId)).toContain(rule);
  });
});
