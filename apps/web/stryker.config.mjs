import path from 'node:path';
import { strykerConfig } from '../../scripts/stryker-preset.mjs';

// `npm run mutation -- web/lib` or `web/utils`: one half, with a report of its own
// (docs/testing.md#mutation-testing).
const part = process.env.STRYKER_PART;
const FOLDERS = { lib: 'src/lib', utils: 'src/features/*/utils' };
const folders = part ? [FOLDERS[part]] : Object.values(FOLDERS);

const config = strykerConfig({
  name: part ? `web-${part}` : 'web',
  mutate: [
    ...folders.map((folder) => `${folder}/**/*.{ts,tsx}`),
    '!**/*.test.{ts,tsx}',
    '!src/lib/watch/testing/**',
  ],
  // The nearest tests: those beside the mutated code. The screens' component tests also reach
  // lib/ (the api client, the session) but would make every run the whole web suite.
  testMatch: folders.map((folder) => `<rootDir>/${folder}/**/*.test.ts?(x)`),
});

// Stryker wraps the test environment and loads it by a path it does not expand `<rootDir>`
// in: this workspace's own jsdom environment, from the tree (it is not mutated).
config.jest.config.testEnvironment = path.join(import.meta.dirname, 'test/jsdom-environment.mjs');

export default config;
