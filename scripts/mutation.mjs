#!/usr/bin/env node
// `npm run mutation`: StrykerJS on each workspace in turn, with its own stryker.config.mjs
// (docs/testing.md#mutation-testing), then docs/mutation-report.md from their reports. Left out
// of `npm test`.
//   npm run mutation                           contracts, web, then gateway
//   npm run mutation -- contracts web          the named ones only
//   npm run mutation -- contracts --ignoreStatic   other arguments go to `stryker run`
//   npm run mutation -- gateway/proxy          one folder of the gateway (auth, common or proxy)
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const workspaces = {
  contracts: 'packages/contracts',
  web: 'apps/web',
  gateway: 'apps/gateway',
};
const args = process.argv.slice(2);
const GATEWAY_PARTS = ['auth', 'common', 'proxy'];
const isTarget = (arg) => arg in workspaces || GATEWAY_PARTS.some((p) => arg === `gateway/${p}`);
const named = args.filter(isTarget);
const strykerArgs = args.filter((arg) => !isTarget(arg));
const stryker = path.join(root, 'node_modules/@stryker-mutator/core/bin/stryker.js');

for (const name of named.length > 0 ? named : Object.keys(workspaces)) {
  const [workspace, part] = name.split('/');
  console.log(`\n> mutation testing: ${name} (${workspaces[workspace]})`);
  const result = spawnSync(process.execPath, [stryker, 'run', ...strykerArgs], {
    cwd: path.join(root, workspaces[workspace]),
    stdio: 'inherit',
    env: { ...process.env, ...(part ? { STRYKER_PART: part } : {}) },
  });
  // The summary in docs/ follows each workspace's report, a run cut short included.
  spawnSync(process.execPath, [path.join(root, 'scripts/mutation-summary.mjs')], {
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
