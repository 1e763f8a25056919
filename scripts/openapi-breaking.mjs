#!/usr/bin/env node
// The breaking-change report of the gateway's OpenAPI document (`npm run lint`, README.md#testing):
//   node scripts/openapi-breaking.mjs <document.json> [--base <reviewed.json>] [--repo <dir>]
// compares the document with the reviewed one it changes (docs/openapi.json as committed, found in
// git as below, or --base), prints every change with Redocly's diff rules (redocly.yaml) and fails
// on a breaking (major) one, unless info.version's major was bumped to acknowledge it.
//
// The reviewed document a change is measured against: walking back from where this work left main
// (the merge base of HEAD and main; HEAD itself on main), the newest committed docs/openapi.json
// that differs from the document. So an uncommitted change is measured against HEAD's copy, the
// last committed change (what CI sees on a clone of main) against the copy before it, and a
// branch's changes against main's copy at the fork. Skipped, with a note, without a main branch or
// without an earlier copy in the history (the first one, or a shallow clone).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual, parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SNAPSHOT = 'docs/openapi.json';
const REDOCLY = path.join(root, 'node_modules/@redocly/cli/bin/cli.js');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { base: { type: 'string' }, repo: { type: 'string', default: root } },
});
if (positionals.length !== 1) {
  console.error(
    'usage: node scripts/openapi-breaking.mjs <document.json> [--base <reviewed.json>]',
  );
  process.exit(2);
}
const revisionFile = path.resolve(positionals[0]);
const revision = JSON.parse(fs.readFileSync(revisionFile, 'utf8'));

/** A git command's output in the repository, or undefined when it fails. */
function git(...args) {
  const r = spawnSync('git', args, { cwd: values.repo, encoding: 'utf8', maxBuffer: 1 << 28 });
  return r.status === 0 ? r.stdout : undefined;
}

/** The snapshot as of a commit, parsed; undefined where the commit has none. */
function snapshotAt(commit) {
  const text = git('show', `${commit}:${SNAPSHOT}`);
  return text === undefined ? undefined : { commit, document: JSON.parse(text) };
}

/** The reviewed document this one is measured against (see the header), or a note why none. */
function findBase() {
  const main = ['refs/heads/main', 'refs/remotes/origin/main'].find((ref) =>
    git('rev-parse', '--verify', '--quiet', ref),
  );
  if (!main) return { note: 'no main branch' };
  const name = main.replace(/^refs\/(heads|remotes)\//, '');
  const start = git('merge-base', 'HEAD', main)?.trim();
  if (!start) return { note: `HEAD shares no history with ${name}` };
  const candidates = [() => snapshotAt(start)];
  for (const commit of (git('log', '--format=%H', start, '--', SNAPSHOT) ?? '').split('\n'))
    if (commit) candidates.push(() => snapshotAt(`${commit}^`));
  for (const candidate of candidates) {
    const found = candidate();
    if (!found) break;
    if (!isDeepStrictEqual(found.document, revision)) return found;
  }
  return { note: `no earlier ${SNAPSHOT} in the history of ${name} differs from it` };
}

let baseFile = values.base && path.resolve(values.base);
let tempDir;
let base;
if (baseFile) {
  base = JSON.parse(fs.readFileSync(baseFile, 'utf8'));
  console.log(`Breaking changes: ${path.basename(revisionFile)} against ${baseFile}`);
} else {
  const found = findBase();
  if (found.note) {
    console.log(`Breaking changes: not checked (${found.note}).`);
    process.exit(0);
  }
  base = found.document;
  const [short = '', subject = ''] = (
    git('log', '-1', '--format=%h%n%s', found.commit.replace(/\^$/, '')) ?? ''
  ).split('\n');
  console.log(
    `Breaking changes: the gateway's document against ${SNAPSHOT} as of ` +
      `${found.commit.endsWith('^') ? 'before ' : ''}${short} ` +
      (subject.length > 60 ? `${subject.slice(0, 59)}…` : subject),
  );
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-base-'));
  baseFile = path.join(tempDir, `openapi.${short}${found.commit.endsWith('^') ? '^' : ''}.json`);
  fs.writeFileSync(baseFile, JSON.stringify(base));
}

const major = (document) => Number(/^\d+/.exec(String(document.info?.version))?.[0] ?? NaN);
// A bumped major says the breaking changes are meant: they are printed, and the run passes.
const acknowledged = major(revision) > major(base);
const r = spawnSync(
  process.execPath,
  [REDOCLY, 'diff', baseFile, revisionFile, `--fail-on=${acknowledged ? 'none' : 'major'}`],
  { cwd: root, encoding: 'utf8', env: { ...process.env, REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' } },
);
process.stdout.write(r.stdout);
process.stderr.write(r.stderr);
if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
if (r.status === 0 && acknowledged) {
  console.log(
    `Breaking changes acknowledged: info.version went from ${base.info.version} to ` +
      `${revision.info.version}.`,
  );
} else if (r.status !== 0 && /Diff failed with \d+ major/.test(r.stdout + r.stderr)) {
  console.error(
    'A breaking change to the gateway API: keep the old behaviour, or acknowledge it by bumping ' +
      'the major of info.version (setVersion in apps/gateway/src/common/contract/openapi.ts), ' +
      'then update docs/openapi.json (npm run openapi -w @onboarding/gateway).',
  );
} else if (r.status !== 0) {
  console.error('Breaking changes: redocly diff could not compare the documents (above).');
}
process.exit(r.status ?? 1);
