import { jestConfig } from '../../scripts/jest-preset.mjs';

export default jestConfig({ name: 'gateway', dir: import.meta.dirname });
