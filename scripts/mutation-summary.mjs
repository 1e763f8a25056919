#!/usr/bin/env node
// Writes docs/mutation-report.md from StrykerJS's JSON reports (reports/mutation/<run>.json, kept
// out of git for their size): one section per run (a workspace, or a part such as gateway-proxy),
// with its score, its files' scores and every mutant that survived or that no test reached, one
// line each. A run with no report here (measured in another clone) keeps its section as the
// document has it. Run by scripts/mutation.mjs after each run; on its own:
// `node scripts/mutation-summary.mjs`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUNS, WORKSPACES } from './mutation-runs.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'reports/mutation');
const out = path.join(root, 'docs/mutation-report.md');
/** The runs a whole workspace's run replaces: its parts. */
const partsOf = (run) => RUNS.filter((other) => other.startsWith(`${run}-`));

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

function section(run, report, measured) {
  const workspace = run.split('-')[0];
  const files = Object.entries(report.files)
    .map(([file, data]) => [path.posix.join(WORKSPACES[workspace], file), data])
    .sort(([a], [b]) => a.localeCompare(b));
  const all = tally(files.flatMap(([, data]) => data.mutants));
  const lines = [
    `## ${run}`,
    '',
    `Measured ${measured} (\`npm run mutation -- ${run.replace('-', '/')}\`).`,
    '',
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

/** The commit a run measured, which scripts/mutation.mjs notes beside the report the run wrote. */
const commitOf = (run) => {
  const file = path.join(reports, `${run}.commit`);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : 'an unnoted commit';
};
const day = (ms) => new Date(ms).toISOString().slice(0, 10);

/** The document's sections by run, as it has them now (`## <run>` up to the next heading). */
function sectionsInDocument() {
  if (!fs.existsSync(out)) return {};
  const kept = {};
  for (const part of fs
    .readFileSync(out, 'utf8')
    .split(/^(?=## )/m)
    .slice(1)) {
    const run = part.slice(3, part.indexOf('\n'));
    if (RUNS.includes(run)) kept[run] = part.trimEnd();
  }
  return kept;
}

const sections = sectionsInDocument();
const fresh = [];
for (const run of RUNS) {
  const file = path.join(reports, `${run}.json`);
  if (!fs.existsSync(file)) continue;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  sections[run] = section(run, report, `on ${day(fs.statSync(file).mtimeMs)} at ${commitOf(run)}`);
  fresh.push(run);
  // A whole workspace's run supersedes what its parts measured.
  for (const part of partsOf(run)) if (!fresh.includes(part)) delete sections[part];
}
const shown = RUNS.filter((run) => sections[run]);
const missing = RUNS.filter(
  (run) =>
    !sections[run] &&
    partsOf(run).length === 0 &&
    !shown.some((other) => run.startsWith(`${other}-`)),
);
fs.writeFileSync(
  out,
  [
    '# Mutation report',
    '',
    "Written by `npm run mutation` (scripts/mutation-summary.mjs) from StrykerJS's reports, one " +
      'section per run, each saying when and at which commit it was measured. The score counts ' +
      'killed and timed-out mutants against those plus the survivors and those no test reached; ' +
      'ignored and erroring ones do not count. What each survivor means, and why one is ' +
      'accepted, is in [testing.md](testing.md#mutation-testing).',
    ...(missing.length ? ['', `Not run yet: ${missing.join(', ')}.`] : []),
    '',
    ...shown.flatMap((run) => [sections[run], '']),
  ].join('\n'),
);
console.log(
  `mutation summary: ${path.relative(root, out)} (from reports: ${fresh.join(', ') || 'none'}; ` +
    `kept: ${shown.filter((run) => !fresh.includes(run)).join(', ') || 'none'})`,
);
