import path from 'node:path';
import { strykerConfig } from '../../scripts/stryker-preset.mjs';

const config = strykerConfig({
  name: 'web',
  mutate: [
    'src/lib/**/*.{ts,tsx}',
    'src/features/*/utils/**/*.{ts,tsx}',
    '!**/*.test.{ts,tsx}',
    '!src/lib/watch/testing/**',
  ],
  // The nearest tests: those beside the mutated code. The screens' component tests also reach
  // lib/ (the api client, the session) but would make every run the whole web suite.
  testMatch: [
    '<rootDir>/src/lib/**/*.test.ts?(x)',
    '<rootDir>/src/features/*/utils/**/*.test.ts?(x)',
  ],
});

// Stryker wraps the test environment and loads it by a path it does not expand `<rootDir>`
// in: this workspace's own jsdom environment, from the tree (it is not mutated).
config.jest.config.testEnvironment = path.join(import.meta.dirname, 'test/jsdom-environment.mjs');

export default config;
