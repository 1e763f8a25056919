#!/usr/bin/env node
// Runs jest for the workspace in the current directory, in native ESM mode (Nest 12,
// oidc-provider and openid-client are ESM-only), with the shared summary reporter.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const jestBin = path.join(
  path.dirname(require.resolve('jest/package.json', { paths: [root] })),
  'bin/jest.js',
);

const result = spawnSync(
  process.execPath,
  [
    '--experimental-vm-modules',
    '--no-warnings=ExperimentalWarning',
    jestBin,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit', env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'test' } },
);
process.exit(result.status ?? 1);
