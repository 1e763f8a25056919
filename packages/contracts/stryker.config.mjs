import { strykerConfig } from '../../scripts/stryker-preset.mjs';

// The schemas and rules; src/testing/ holds the fixtures and example cases other workspaces'
// tests use, not rules of their own.
export default strykerConfig({
  name: 'contracts',
  mutate: ['src/**/*.ts', '!src/testing/**', '!**/*.test.ts'],
});
