import { jestConfig } from '../../scripts/jest-preset.mjs';

export default jestConfig({
  name: 'ui',
  dir: import.meta.dirname,
  environment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
});
