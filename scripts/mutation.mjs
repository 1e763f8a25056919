#!/usr/bin/env node
// `npm run mutation`: StrykerJS on each workspace in turn, with its own stryker.config.mjs
// (docs/testing.md#mutation-testing), then docs/mutation-report.md from their reports. Left out
// of `npm test`.
//   npm run mutation                           contracts, web, then gateway
//   npm run mutation -- contracts web          the named ones only
//   npm run mutation -- contracts --ignoreStatic   other arguments go to `stryker run`
//   npm run mutation -- gateway/proxy          one part: gateway/auth, gateway/common, gateway/proxy,
//                                              web/lib or web/utils
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PARTS, WORKSPACES as workspaces } from './mutation-runs.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const isTarget = (arg) => {
  const [workspace, part] = arg.split('/');
  return part === undefined ? arg in workspaces : (PARTS[workspace] ?? []).includes(part);
};
const named = args.filter(isTarget);
const strykerArgs = args.filter((arg) => !isTarget(arg));
/**
 * HEAD's short hash, with `-dirty` when the tree has changes a run would measure too (the report
 * this script rewrites after each run is not one).
 */
function headCommit() {
  const git = (...args) => execFileSync('git', args, { cwd: root }).toString().trim();
  try {
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--', '.', ':!docs/mutation-report.md') ? '-dirty' : ''}`;
  } catch {
    return 'unknown';
  }
}
const stryker = path.join(root, 'node_modules/@stryker-mutator/core/bin/stryker.js');

for (const name of named.length > 0 ? named : Object.keys(workspaces)) {
  const [workspace, part] = name.split('/');
  console.log(`\n> mutation testing: ${name} (${workspaces[workspace]})`);
  const report = path.join(root, 'reports/mutation', name.replace('/', '-'));
  const commit = headCommit();
  const started = Date.now();
  const result = spawnSync(process.execPath, [stryker, 'run', ...strykerArgs], {
    cwd: path.join(root, workspaces[workspace]),
    stdio: 'inherit',
    env: { ...process.env, ...(part ? { STRYKER_PART: part } : {}) },
  });
  // The commit measured, for the summary (the report's own JSON does not name it): only beside a
  // report this run wrote, so a run that failed before its end leaves the last one's commit.
  if ((fs.statSync(`${report}.json`, { throwIfNoEntry: false })?.mtimeMs ?? 0) >= started)
    fs.writeFileSync(`${report}.commit`, `${commit}\n`);
  // The summary in docs/ follows each workspace's report.
  spawnSync(process.execPath, [path.join(root, 'scripts/mutation-summary.mjs')], {
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
