#!/usr/bin/env node
// `npm run test:busy`: the gateway's and the web's jest suites run again and again while a
// second CPU-bound process keeps a core busy, as a loaded CI machine would (docs/testing.md#busy).
// A test that races the clock fails here first. Left out of `npm test`.
//   npm run test:busy                    gateway and web, 5 runs each
//   npm run test:busy -- --runs 2 web    the named workspaces only, 2 runs each
//   npm run test:busy -- --no-burner     no loop of its own: another CPU-bound process (a
//                                        mutation run) keeps the machine busy
import { spawn, spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, 'no-burner': { type: 'boolean' } },
  allowPositionals: true,
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`--runs must be a whole number from 1, not "${values.runs}"`);
  process.exit(2);
}
const workspaces = positionals.length > 0 ? positionals : ['gateway', 'web'];

// The busy process: a loop that never yields, at normal priority, stopped however this one ends.
const busy = values['no-burner']
  ? null
  : spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
const stopBusy = () => busy?.kill('SIGKILL');
process.on('exit', stopBusy);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    stopBusy();
    process.exit(130);
  });

const results = [];
for (const ws of workspaces) {
  for (let run = 1; run <= runs; run += 1) {
    console.log(`\n=== ${ws}, run ${run} of ${runs}, beside a busy process`);
    const started = Date.now();
    const r = spawnSync('npm', ['test', '--silent', '-w', `@onboarding/${ws}`], {
      stdio: 'inherit',
    });
    results.push({
      ws,
      run,
      ok: r.status === 0,
      seconds: Math.round((Date.now() - started) / 1000),
    });
  }
}

console.log('');
for (const ws of workspaces) {
  const mine = results.filter((r) => r.ws === ws);
  const times = mine.map((r) => `${r.seconds} s${r.ok ? '' : ' (failed)'}`).join(', ');
  console.log(`${ws}: ${mine.filter((r) => r.ok).length} of ${mine.length} runs passed (${times})`);
}
const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
