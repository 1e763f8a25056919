import { jestConfig } from '../../scripts/jest-preset.mjs';

const base = jestConfig({
  name: 'web',
  dir: import.meta.dirname,
  environment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
});

export default {
  ...base,
  // The `@/` alias of vite.config.ts and tsconfig.json.
  moduleNameMapper: { ...base.moduleNameMapper, '^@/(.*)$': '<rootDir>/src/$1' },
};
