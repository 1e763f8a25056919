import { jestConfig } from '../../scripts/jest-preset.mjs';

const base = jestConfig({
  name: 'web',
  dir: import.meta.dirname,
  environment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
});

export default {
  ...base,
  testEnvironment: '<rootDir>/test/jsdom-environment.mjs',
  // The `@/` alias of vite.config.ts and tsconfig.json.
  moduleNameMapper: {
    ...base.moduleNameMapper,
    '^@/(.*)$': '<rootDir>/src/$1',
    '^@test/(.*)$': '<rootDir>/test/$1',
  },
};
