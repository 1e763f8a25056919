#!/usr/bin/env node
// Writes docs/mutation-report.md from StrykerJS's JSON reports (reports/mutation/<workspace>.json,
// kept out of git for their size; a part's, such as gateway-proxy.json, merged into its
// workspace's): each workspace's score, its files' scores and every mutant that survived or that
// no test reached, one line each. Run by scripts/mutation.mjs after each workspace; on its own:
// `node scripts/mutation-summary.mjs`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'reports/mutation');
const out = path.join(root, 'docs/mutation-report.md');
/** Each workspace's folder: its report names files from there. */
const WORKSPACES = { contracts: 'packages/contracts', web: 'apps/web', gateway: 'apps/gateway' };

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

/** Counts of one list of mutants, and Stryker's two scores (in %; null when nothing counts). */
function tally(mutants) {
  const count = (status) => mutants.filter((m) => m.status === status).length;
  const detected = mutants.filter((m) => DETECTED.has(m.status)).length;
  const survived = count('Survived');
  const noCoverage = count('NoCoverage');
  const valid = detected + survived + noCoverage;
  const pct = (n, d) => (d === 0 ? null : (100 * n) / d);
  return {
    mutants: mutants.length,
    killed: count('Killed'),
    timeout: count('Timeout'),
    survived,
    noCoverage,
    ignored: count('Ignored'),
    errors: count('RuntimeError') + count('CompileError'),
    score: pct(detected, valid),
    covered: pct(detected, detected + survived),
  };
}

const fmt = (n) => (n === null ? 'n/a' : `${n.toFixed(2)} %`);
const cell = (text) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function section(name, report) {
  const files = Object.entries(report.files)
    .map(([file, data]) => [path.posix.join(WORKSPACES[name], file), data])
    .sort(([a], [b]) => a.localeCompare(b));
  const all = tally(files.flatMap(([, data]) => data.mutants));
  const lines = [
    `## ${name}`,
    '',
    ...(report.runs.some((run) => run !== name)
      ? [`From the runs of ${report.runs.join(', ')} only.`, '']
      : []),
    `Score ${fmt(all.score)} (of covered code ${fmt(all.covered)}): ${all.mutants} mutants, ` +
      `${all.killed} killed, ${all.timeout} timed out, ${all.survived} survived, ` +
      `${all.noCoverage} reached by no test, ${all.errors} runtime errors, ${all.ignored} ignored` +
      (all.ignored > 0 ? ' (static mutants, with `--ignoreStatic`)' : '') +
      '.',
    '',
    '| file | score | killed | timed out | survived | no test | ignored |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const [file, data] of files) {
    const t = tally(data.mutants);
    if (t.mutants === t.ignored) continue;
    lines.push(
      `| ${file} | ${fmt(t.score)} | ${t.killed} | ${t.timeout} | ${t.survived} | ` +
        `${t.noCoverage} | ${t.ignored} |`,
    );
  }
  const left = files.flatMap(([file, data]) =>
    data.mutants
      .filter((m) => UNDETECTED.has(m.status))
      .map((m) => ({ file, m, source: data.source.split('\n')[m.location.start.line - 1] ?? '' })),
  );
  lines.push('', `### Survived or reached by no test (${left.length})`, '');
  if (left.length === 0) lines.push('None.');
  else {
    lines.push('| where | status | mutator | replacement | the line |', '|---|---|---|---|---|');
    for (const { file, m, source } of left) {
      lines.push(
        `| ${file}:${m.location.start.line} | ${m.status} | ${m.mutatorName} | ` +
          `\`${cell(String(m.replacement ?? '')).slice(0, 60)}\` | \`${cell(source.trim()).slice(0, 100)}\` |`,
      );
    }
  }
  return lines.join('\n');
}

const commit = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim();
  } catch {
    return 'unknown';
  }
})();
/**
 * A workspace's report, or the reports of its parts (gateway-auth.json, …: a run of one folder)
 * merged, each file from the newest report that has it.
 */
function reportOf(name) {
  const names = fs
    .readdirSync(reports)
    .filter((file) => new RegExp(`^${name}(-[a-z]+)?\\.json$`).test(file))
    .map((file) => path.join(reports, file))
    .sort((a, b) => fs.statSync(a).mtimeMs - fs.statSync(b).mtimeMs);
  if (names.length === 0) return null;
  const files = {};
  for (const file of names) Object.assign(files, JSON.parse(fs.readFileSync(file, 'utf8')).files);
  // Which runs: the whole workspace's, or only some of its parts (gateway-auth, web-utils…).
  const runs = names.map((file) => path.basename(file, '.json')).sort();
  return { files, runs };
}

const merged = Object.fromEntries(
  fs.existsSync(reports) ? Object.keys(WORKSPACES).map((name) => [name, reportOf(name)]) : [],
);
const found = Object.keys(WORKSPACES).filter((name) => merged[name]);
const sections = found.map((name) => section(name, merged[name]));
const missing = Object.keys(WORKSPACES).filter((name) => !found.includes(name));
fs.writeFileSync(
  out,
  [
    '# Mutation report',
    '',
    `Written by \`npm run mutation\` (scripts/mutation-summary.mjs) from StrykerJS's reports, at ` +
      `${commit} on ${new Date().toISOString().slice(0, 10)}. The score counts killed and timed-out ` +
      'mutants against those plus the survivors and those no test reached; ignored and erroring ' +
      'ones do not count. What each survivor means, and why one is accepted, is in ' +
      '[testing.md](testing.md#mutation-testing).',
    ...(missing.length ? ['', `Not run yet: ${missing.join(', ')}.`] : []),
    '',
    ...sections.flatMap((s) => [s, '']),
  ].join('\n'),
);
console.log(`mutation summary: ${path.relative(root, out)} (${found.join(', ') || 'no report'})`);
