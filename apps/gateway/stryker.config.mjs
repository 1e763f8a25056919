import { strykerConfig } from '../../scripts/stryker-preset.mjs';

export default strykerConfig({
  name: 'gateway',
  mutate: ['src/{auth,common,proxy}/**/*.ts', '!**/*.test.ts'],
  // The nearest tests: the unit tests beside the mutated code, and for src/proxy/ (no unit test
  // of its own) test/proxy.e2e-spec.ts. The other e2e specs start whole apps and reach
  // everything; they would make every mutant a run of minutes.
  testMatch: ['<rootDir>/src/{auth,common,proxy}/**/*.test.ts', '<rootDir>/test/proxy.e2e-spec.ts'],
});
