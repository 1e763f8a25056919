// The jest runs of suite-honesty.test.ts: the shared preset and summary reporter on fixture tests.
import { jestConfig } from '../../../../scripts/jest-preset.mjs';

export default jestConfig({
  name: process.env.TEST_SUMMARY_NAME ?? 'summary-fixture',
  dir: import.meta.dirname,
  testMatch: [`<rootDir>/${process.env.FIXTURE ?? 'none'}.jest-fixture.ts`],
});
