import { jestConfig } from '../scripts/jest-preset.mjs';

export default jestConfig({
  name: 'docker',
  dir: import.meta.dirname,
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  testTimeout: 120_000,
});
