#!/usr/bin/env node
// `npm test`: lint, typecheck, every workspace's tests, then the browser tests; ends with
// one line "N passed, M failed" (lint and typecheck count as one check each).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureSystemDeps } from './system-deps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, '.test-results');
const workspaces = ['contracts', 'ui', 'test-support', 'sandbox', 'gateway', 'web', 'docker'];

ensureSystemDeps();
fs.rmSync(resultsDir, { recursive: true, force: true });
fs.mkdirSync(resultsDir, { recursive: true });

function run(label, cmd, args, extraEnv = {}) {
  console.log(`\n=== ${label}`);
  const r = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...extraEnv },
  });
  return r.status === 0;
}

let passed = 0;
let failed = 0;
const failures = [];
const check = (label, ok) => {
  if (ok) passed += 1;
  else {
    failed += 1;
    failures.push(label);
  }
};

const built = run('build', 'npx', ['turbo', 'run', 'build', '--output-logs=errors-only']);
check('build', built);
check('lint', run('lint', 'npm', ['run', 'lint', '--silent']));
check(
  'typecheck',
  run('typecheck', 'npx', ['turbo', 'run', 'typecheck', '--output-logs=errors-only']),
);

for (const ws of workspaces) {
  const ok = run(`test ${ws}`, 'npm', ['test', '--silent', '-w', `@onboarding/${ws}`]);
  const file = path.join(resultsDir, `${ws}.json`);
  if (fs.existsSync(file)) {
    const s = JSON.parse(fs.readFileSync(file, 'utf8'));
    passed += s.passed;
    failed += s.failed;
    if (s.failed > 0 || !ok) failures.push(`test ${ws}`);
    if (!ok && s.failed === 0) failed += 1;
  } else {
    check(`test ${ws} (no results)`, false);
  }
}

if (built) {
  const ok = run('e2e', 'npm', ['run', 'test:e2e', '--silent', '-w', '@onboarding/e2e']);
  const file = path.join(resultsDir, 'e2e.json');
  if (fs.existsSync(file)) {
    const s = JSON.parse(fs.readFileSync(file, 'utf8'));
    passed += s.passed;
    failed += s.failed;
    if (s.failed > 0 || !ok) failures.push('e2e');
    if (!ok && s.failed === 0) failed += 1;
  } else {
    check('e2e (no results)', false);
  }
}

console.log('');
if (failures.length) console.log(`Failing: ${failures.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
