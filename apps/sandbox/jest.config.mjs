import { jestConfig } from '../../scripts/jest-preset.mjs';

export default jestConfig({ name: 'sandbox', dir: import.meta.dirname });
