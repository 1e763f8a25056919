import { strykerConfig } from '../../scripts/stryker-preset.mjs';

// The schemas and rules; src/testing/ holds the fixtures and example cases other workspaces'
// tests use, not rules of their own.
const config = strykerConfig({
  name: 'contracts',
  mutate: ['src/**/*.ts', '!src/testing/**', '!**/*.test.ts'],
});

// Each static mutant loads every schema module into jest's registry again (native ESM): a reused
// runner grew to 3 GB within 40 min and slowed from 20 mutants a minute to 3. A fresh one every
// 20 mutants.
config.maxTestRunnerReuse = 20;

export default config;
