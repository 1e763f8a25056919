/**
 * What a route's scripts carry: each script's bytes attributed to the packages (and the app's
 * own folders) its source map names, with the share of the gzipped size each takes. Written by
 * the bundle-size benchmark to docs/bundle-report.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eachMapping, TraceMap } from '@jridgewell/trace-mapping';
import { REPO_ROOT } from '../support/stack.js';

export interface LoadedScript {
  /** `/assets/<file>.js` */
  pathname: string;
  raw: number;
  gzip: number;
  body: Buffer;
}

/** A source file's owner: its package (`react-dom`, `@mui/material`) or the app's folder. */
function ownerOf(source: string): string {
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const [scope, name] = source.slice(nm + 'node_modules/'.length).split('/');
    return scope!.startsWith('@') ? `${scope}/${name}` : scope!;
  }
  const inRepo = source.replace(/^(\.\.\/)+/, '');
  const m = /^(packages\/[^/]+|(?:apps\/web\/)?src\/(?:features\/[^/]+|[^/]+))/.exec(inRepo);
  return m ? m[1]!.replace(/^src\//, 'apps/web/src/') : inRepo;
}

/** Bytes of generated code per owner, from the script's source map. */
function attribute(code: string, map: TraceMap): Map<string, number> {
  const segments: { line: number; column: number; source: string | null }[] = [];
  eachMapping(map, (m) =>
    segments.push({ line: m.generatedLine, column: m.generatedColumn, source: m.source }),
  );
  segments.sort((a, b) => a.line - b.line || a.column - b.column);
  const lines = code.split('\n');
  const bytes = new Map<string, number>();
  segments.forEach((s, i) => {
    const next = segments[i + 1];
    const end = next && next.line === s.line ? next.column : (lines[s.line - 1]?.length ?? 0);
    const owner = s.source ? ownerOf(s.source) : '(bundler)';
    bytes.set(owner, (bytes.get(owner) ?? 0) + Math.max(0, end - s.column));
  });
  return bytes;
}

interface Share {
  owner: string;
  gzip: number;
}

/** Per script, the gzipped bytes each owner accounts for (its share of the script's raw bytes). */
function shares(script: LoadedScript, distDir: string): Share[] {
  const mapFile = path.join(distDir, `${script.pathname}.map`);
  if (!fs.existsSync(mapFile)) return [{ owner: '(no source map)', gzip: script.gzip }];
  const code = script.body.toString('utf8');
  const bytes = attribute(code, new TraceMap(fs.readFileSync(mapFile, 'utf8')));
  const total = [...bytes.values()].reduce((a, b) => a + b, 0) || 1;
  return [...bytes].map(([owner, n]) => ({ owner, gzip: (n / total) * script.gzip }));
}

const kb = (n: number) => (n / 1024).toFixed(1);

function section(title: string, scripts: LoadedScript[], distDir: string): string {
  const byOwner = new Map<string, number>();
  const rows: string[] = [];
  for (const script of [...scripts].sort((a, b) => b.gzip - a.gzip)) {
    const parts = shares(script, distDir).sort((a, b) => b.gzip - a.gzip);
    for (const p of parts) byOwner.set(p.owner, (byOwner.get(p.owner) ?? 0) + p.gzip);
    const top = parts
      .slice(0, 3)
      .map((p) => `${p.owner} ${kb(p.gzip)}`)
      .join(', ');
    rows.push(`| \`${path.basename(script.pathname)}\` | ${kb(script.gzip)} | ${top} |`);
  }
  const total = scripts.reduce((n, s) => n + s.gzip, 0);
  const owners = [...byOwner]
    .sort((a, b) => b[1] - a[1])
    .map(([owner, n]) => `| ${owner} | ${kb(n)} | ${((100 * n) / total).toFixed(0)} % |`);
  return [
    `## ${title}: ${kb(total)} KB gzipped in ${scripts.length} scripts`,
    '',
    '| package or folder | KB gzipped | share |',
    '|---|---|---|',
    ...owners,
    '',
    '<details><summary>Each script, largest first (its three largest parts, KB gzipped)</summary>',
    '',
    '| script | KB gzipped | carries |',
    '|---|---|---|',
    ...rows,
    '',
    '</details>',
  ].join('\n');
}

/** Writes docs/bundle-report.md for the routes measured. */
export function writeBundleReport(routes: { title: string; scripts: LoadedScript[] }[]): void {
  const distDir = process.env.E2E_WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist');
  const doc = [
    '# Bundle report',
    '',
    `Written by \`npm run bench\` (e2e/bench/bundle-size.ts) on ${new Date().toISOString().slice(0, 10)}:`,
    'the scripts Chromium loads for a cold route, gzipped (level 6), each attributed through its',
    "source map to the packages and the app's folders it carries (a part's share of the",
    "script's raw bytes, applied to the gzipped size).",
    '',
    ...routes.map((r) => section(r.title, r.scripts, distDir)).flatMap((s) => [s, '']),
  ].join('\n');
  fs.writeFileSync(path.join(REPO_ROOT, 'docs/bundle-report.md'), doc);
}
