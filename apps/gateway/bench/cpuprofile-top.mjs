#!/usr/bin/env node
// The top self-time functions of a V8 .cpuprofile (node --cpu-prof), and the time per package:
//   node bench/cpuprofile-top.mjs /tmp/gateway-prof/CPU.*.cpuprofile [count]
// With BENCH_GATEWAY_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/gateway-prof" the benchmark writes
// one for the measured gateway.
import fs from 'node:fs';

const [file, countArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: cpuprofile-top.mjs <file.cpuprofile> [count]');
  process.exit(1);
}
const count = Number(countArg ?? 40);
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));

// Self time per node: the sampling intervals attributed to it.
const selfUs = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

const where = (url) => {
  if (!url) return '(native)';
  const nm = url.lastIndexOf('/node_modules/');
  if (nm !== -1) {
    const rest = url.slice(nm + '/node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const app = /\/apps\/gateway\/(?:dist|src)\/(.*)$/.exec(url);
  return app ? `gateway:${app[1]}` : url.replace(/^file:\/\//, '');
};

const byFunction = new Map();
const byPackage = new Map();
for (const node of profile.nodes) {
  const us = selfUs.get(node.id) ?? 0;
  if (!us) continue;
  const f = node.callFrame;
  const pkg = where(f.url);
  const key = `${f.functionName || '(anonymous)'}  ${pkg}:${f.lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  const group = pkg.startsWith('gateway:') ? 'gateway (own code)' : pkg;
  byPackage.set(group, (byPackage.get(group) ?? 0) + us);
}

const pct = (us) => ((100 * us) / total).toFixed(1).padStart(5) + '%';
const ms = (us) => (us / 1000).toFixed(0).padStart(7) + ' ms';
console.log(`total sampled ${ms(total)}\n\nself time by package:`);
for (const [k, v] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 25))
  console.log(`${pct(v)} ${ms(v)}  ${k}`);
console.log(`\ntop ${count} functions by self time:`);
for (const [k, v] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, count))
  console.log(`${pct(v)} ${ms(v)}  ${k}`);
