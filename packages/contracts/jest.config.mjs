import { jestConfig } from '../../scripts/jest-preset.mjs';

export default jestConfig({ name: 'contracts', dir: import.meta.dirname });
