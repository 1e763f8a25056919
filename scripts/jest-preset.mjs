// Shared jest settings: TypeScript through SWC (decorators + metadata for Nest), ESM output,
// `.js` suffixes of NodeNext imports mapped back to the sources, and the summary reporter.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** @param {{ name: string, dir: string, environment?: 'node' | 'jsdom', setupFilesAfterEnv?: string[], testTimeout?: number, testMatch?: string[] }} options */
export function jestConfig({
  name,
  dir,
  environment = 'node',
  setupFilesAfterEnv = [],
  testTimeout = 20_000,
  testMatch = [
    '<rootDir>/src/**/*.test.ts?(x)',
    '<rootDir>/test/**/*.test.ts?(x)',
    '<rootDir>/test/**/*.e2e-spec.ts',
  ],
}) {
  return {
    displayName: name,
    rootDir: dir,
    testEnvironment: environment === 'jsdom' ? 'jsdom' : 'node',
    testMatch,
    extensionsToTreatAsEsm: ['.ts', '.tsx'],
    moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            target: 'es2022',
            parser: { syntax: 'typescript', tsx: true, decorators: true },
            transform: {
              legacyDecorator: true,
              decoratorMetadata: true,
              react: { runtime: 'automatic' },
            },
          },
          module: { type: 'es6' },
          sourceMaps: 'inline',
        },
      ],
    },
    transformIgnorePatterns: ['/node_modules/', '/dist/'],
    setupFilesAfterEnv,
    testTimeout,
    // Jest's default leaves one core to its parent: on the 2-core CI machine, half of it
    // (docs/testing.md#the-suites-time).
    maxWorkers: '100%',
    reporters: ['default', [path.join(root, 'scripts/jest-summary-reporter.cjs'), { name }]],
  };
}
