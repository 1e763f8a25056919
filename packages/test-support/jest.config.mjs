import { jestConfig } from '../../scripts/jest-preset.mjs';

export default jestConfig({ name: 'test-support', dir: import.meta.dirname });
