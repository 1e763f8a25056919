// One lint setup for the whole monorepo: type-aware TypeScript rules, React hooks rules,
// the house rules (env read in one file per app, no imports across web features), and no
// focused tests.
import js from '@eslint/js';
import jest from 'eslint-plugin-jest';
import playwright from 'eslint-plugin-playwright';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { layerRules } from './eslint.layers.js';

const TEST_FIXTURES = {
  group: ['@onboarding/contracts/testing'],
  message: 'Test fixtures are for tests: the API docs take their examples from the declarations.',
};
/** The contracts' schemas use zod/mini, set up once (its English messages) in core/zod.ts. */
const ZOD_ONCE = ['zod', 'zod/mini'].map((name) => ({
  name,
  message: "Import { z } from the contracts' core/zod.ts.",
}));
/** What ships: an app's or package's sources but its tests, test helpers and benchmarks. */
const SHIPPED = {
  files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
  ignores: ['**/*.test.{ts,tsx}', '**/testing/**', '**/bench/**'],
};

const JEST_TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/test/**/*.ts', '**/*.e2e-spec.ts'];
/**
 * The tests' own assertion helpers (each one ends in expect calls), so that a test asserting
 * through one counts as asserting (expect-expect). Name a new helper here.
 */
const JEST_ASSERTIONS = [
  'expect',
  'expectAbortedOnLeave',
  'expectNoPassword',
  'expectRefused',
  'expectRetryAfterOfTheWindow',
  'expectSkips',
];
const PLAYWRIGHT_ASSERTIONS = ['expectAccessible', 'expectFullWidth', 'expectNoSidewaysScroll'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '**/.turbo/**',
      '.data/**',
      '.test-results/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      // npm run mutation's sandboxes (copies of whole workspaces) and reports.
      '.stryker-tmp/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            '*.js',
            '*.mjs',
            'scripts/*.mjs',
            'scripts/*.cjs',
            'scripts/*.d.cts',
            '*/*/jest.config.mjs',
            'e2e/*.config.ts',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/only-throw-error': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // Environment variables are read in exactly one file per app (house style).
    files: ['apps/gateway/src/**/*.ts', 'apps/sandbox/src/**/*.ts'],
    ignores: ['apps/*/src/config/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read the environment only in src/config/.',
        },
      ],
    },
  },
  // Import direction and no cycles (eslint.layers.js).
  ...layerRules(import.meta.dirname),
  {
    // Shipped code never runs on test fixtures.
    ...SHIPPED,
    rules: { 'no-restricted-imports': ['error', { patterns: [TEST_FIXTURES] }] },
  },
  {
    // The web's bundles carry only the Zod functions its schemas call (docs/benchmarks.md#zod-mini).
    files: ['packages/contracts/**/*.ts'],
    ignores: ['packages/contracts/src/core/zod.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: ZOD_ONCE }] },
  },
  {
    ...SHIPPED,
    files: ['packages/contracts/src/**/*.ts'],
    ignores: [...SHIPPED.ignores, 'packages/contracts/src/core/zod.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: ZOD_ONCE, patterns: [TEST_FIXTURES] }] },
  },
  {
    // A focused test (`.only`, `fit`) would silently drop the rest of the suite; a test that
    // asserts nothing, or only on one branch, or an expect never awaited passes whatever happens.
    files: JEST_TESTS,
    plugins: { jest },
    rules: {
      'jest/no-focused-tests': 'error',
      'jest/expect-expect': ['error', { assertFunctionNames: JEST_ASSERTIONS }],
      'jest/no-conditional-expect': 'error',
      'jest/valid-expect': 'error',
    },
  },
  {
    // The suite-honesty test's sample suites skip and leave tests empty on purpose: that is
    // what packages/test-support/test/suite-honesty.test.ts checks it reports.
    files: ['packages/test-support/test/summary-fixtures/**'],
    rules: { 'jest/expect-expect': 'off' },
  },
  {
    files: ['e2e/**/*.ts'],
    plugins: { playwright },
    rules: {
      'playwright/no-focused-test': 'error',
      'playwright/expect-expect': ['error', { assertFunctionNames: PLAYWRIGHT_ASSERTIONS }],
      'playwright/no-conditional-expect': 'error',
      'playwright/valid-expect': 'error',
    },
  },
  {
    files: [...JEST_TESTS, 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
