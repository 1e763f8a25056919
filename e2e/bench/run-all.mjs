// `npm run bench -w @onboarding/e2e`: every browser benchmark, each run to its end even when one
// before it missed a goal (each exits non-zero on a miss); the run fails if any of them did.
import { spawnSync } from 'node:child_process';

const BENCHMARKS = ['bench/bundle-size.ts', 'bench/picker.ts', 'bench/web-vitals.ts'];

let status = 0;
for (const script of BENCHMARKS) {
  const run = spawnSync('jiti', [script], { stdio: 'inherit' });
  if (run.status !== 0) status = 1;
}
process.exit(status);
