#!/usr/bin/env node
// `npm test`: lint, typecheck, every workspace's tests, then the browser tests, then the real
// images built and run (docker/containers/check.ts); ends with one line
// "N passed, M failed, K skipped, F flaky" (build, lint and typecheck count as one check each),
// after the names of the flaky tests and the reasons of the skipped ones.
import { spawn, spawnSync } from 'node:child_process';
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

// The container check's first half (podman, the base images, every image build: downloads,
// disk and CPU) runs in the background once the workspaces are built (its checks import them), at
// the lowest CPU priority (its builds' steps at the lowest cgroup weight): it takes what the
// steps after the build leave idle on a 2-core machine without slowing them. Its second half (the
// compose stack and its checks) runs last, on its own.
const containerBuildLog = path.join(resultsDir, 'containers-build.log');
const startContainerBuild = () => {
  const out = fs.openSync(containerBuildLog, 'w');
  const child = spawn(
    'nice',
    ['-n', '19', process.execPath, 'docker/containers/check.ts', '--phase=build'],
    { cwd: root, stdio: ['ignore', out, out] },
  );
  fs.closeSync(out);
  return new Promise((resolve) => {
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
};

/** Each step's wall time, printed before the summary line: where the suite's minutes go. */
const timings = [];

function run(label, cmd, args, extraEnv = {}) {
  console.log(`\n=== ${label}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...extraEnv },
  });
  timings.push(`${label} ${Math.round((Date.now() - started) / 1000)} s`);
  return r.status === 0;
}

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
const flaky = [];
const skips = [];
const unexplainedSkips = [];
const check = (label, ok) => {
  if (ok) passed += 1;
  else {
    failed += 1;
    failures.push(label);
  }
};

/** Adds a runner's summary (scripts/test-summary.cjs); a runner that failed without one fails. */
function collect(label, name, ok) {
  const file = path.join(resultsDir, `${name}.json`);
  if (!fs.existsSync(file)) return check(`${label} (no results)`, false);
  const s = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += s.passed;
  failed += s.failed;
  skipped += s.skipped;
  flaky.push(...s.flaky);
  skips.push(...s.skips);
  unexplainedSkips.push(...s.unexplainedSkips);
  if (s.failed > 0 || !ok) failures.push(label);
  if (!ok && s.failed === 0) failed += 1;
}

const built = run('build', 'npx', ['turbo', 'run', 'build', '--output-logs=errors-only']);
check('build', built);
const containerBuild = built ? startContainerBuild() : Promise.resolve(false);
check('lint', run('lint', 'npm', ['run', 'lint', '--silent']));
check(
  'typecheck',
  run('typecheck', 'npx', ['turbo', 'run', 'typecheck', '--output-logs=errors-only']),
);

for (const ws of workspaces) {
  const ok = run(`test ${ws}`, 'npm', ['test', '--silent', '-w', `@onboarding/${ws}`]);
  collect(`test ${ws}`, ws, ok);
}

if (built) {
  const ok = run('e2e', 'npm', ['run', 'test:e2e', '--silent', '-w', '@onboarding/e2e']);
  collect('e2e', 'e2e', ok);
}

console.log('\n=== containers: build (in the background since the workspaces were built)');
const waited = Date.now();
const containersBuilt = await containerBuild;
timings.push(`containers: build (waited for) ${Math.round((Date.now() - waited) / 1000)} s`);
if (fs.existsSync(containerBuildLog))
  process.stdout.write(fs.readFileSync(containerBuildLog, 'utf8'));
if (built) collect('containers: build', 'containers-build', containersBuilt);
if (containersBuilt) {
  const ok = run('containers', process.execPath, ['docker/containers/check.ts', '--phase=run']);
  collect('containers', 'containers', ok);
} else {
  check('containers (not started: the images were not built)', false);
}

console.log(`\nTime per step: ${timings.join(', ')}`);
for (const s of skips) console.log(`Skipped: ${s.name} — ${s.reason}`);
for (const name of unexplainedSkips)
  console.log(`Skipped without a reason (fails the run): ${name}`);
for (const name of flaky) console.log(`Flaky (passed only on a retry): ${name}`);
if (failures.length) console.log(`Failing: ${failures.join(', ')}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped, ${flaky.length} flaky`);
process.exit(failed === 0 ? 0 : 1);
