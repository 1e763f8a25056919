/**
 * @jest-environment node
 */
// The build's route budgets (tooling/route-budgets.ts), on a real Vite build of a small app
// written to a temporary folder: one route page that loads about 6 KB of gzipped script.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '../../..');
const viteBin = path.join(repo, 'node_modules/vite/bin/vite.js');
const plugin = path.join(repo, 'apps/web/tooling/route-budgets.ts');

let app: string;

beforeEach(() => {
  app = fs.mkdtempSync(path.join(os.tmpdir(), 'route-budgets-'));
});

afterEach(() => {
  fs.rmSync(app, { recursive: true, force: true });
});

/** Builds the app with `budgets`; its exit status and what it printed. */
function build(budgets: Record<string, { budgetKB: number; goalKB: number }>) {
  // Random text does not compress: the script stays about 6 KB gzipped.
  const noise = crypto.randomBytes(4500).toString('base64');
  fs.writeFileSync(
    path.join(app, 'index.html'),
    '<!doctype html><html><head></head><body><script type="module" src="/main.js"></script></body></html>',
  );
  fs.writeFileSync(path.join(app, 'main.js'), `document.title = ${JSON.stringify(noise)};\n`);
  // A route page as tooling/screen-pages.ts writes them: the built index.html, per route.
  fs.writeFileSync(
    path.join(app, 'vite.config.mjs'),
    `import { routeBudgets } from ${JSON.stringify(plugin)};
const pages = {
  name: 'pages',
  enforce: 'post',
  generateBundle(_output, bundle) {
    this.emitFile({ type: 'asset', fileName: 'pages/list.html', source: bundle['index.html'].source });
    this.emitFile({ type: 'asset', fileName: 'pages.json', source: '[]' });
  },
};
export default {
  logLevel: 'warn',
  plugins: [pages, routeBudgets({ budgets: ${JSON.stringify(budgets)}, budgetsFile: 'budgets.ts' })],
};
`,
  );
  const result = spawnSync(process.execPath, [viteBin, 'build'], { cwd: app, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

test('the build fails on a route over its budget, naming the route, its size and its budget', () => {
  const { status, output } = build({ list: { budgetKB: 2, goalKB: 2 } });

  expect(status).not.toBe(0);
  expect(output).toMatch(
    /route budgets \(gzip level 9, budgets\.ts\):\s+list loads \d+\.\d KB of gzipped JS, over its budget of 2 KB/,
  );
});

test('the build fails on a route page with no budget', () => {
  const { status, output } = build({ other: { budgetKB: 100, goalKB: 100 } });

  expect(status).not.toBe(0);
  expect(output).toMatch(/list loads \d+\.\d KB of gzipped JS and has no budget/);
});

test('the build passes with every route within its budget', () => {
  const { status, output } = build({ list: { budgetKB: 100, goalKB: 100 } });

  expect(output).not.toMatch(/route budgets/);
  expect(status).toBe(0);
});
