/**
 * @jest-environment node
 */
// The lint's layer rules (eslint.layers.js), run by ESLint itself on a small web app written to a
// temporary folder: what they refuse, named by rule, and that a well-layered tree passes.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '../../..');
const eslintBin = path.join(repo, 'node_modules/eslint/bin/eslint.js');

interface Problem {
  file: string;
  ruleId: string | null;
  message: string;
}

let tree: string;

/** Writes `files` (path → source) under a fresh tree and lints them with the layer rules. */
function lint(files: Record<string, string>): Problem[] {
  for (const [file, source] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    fs.writeFileSync(path.join(tree, file), source);
  }
  const result = spawnSync(process.execPath, [eslintBin, '--format', 'json', '.'], {
    cwd: tree,
    encoding: 'utf8',
  });
  if (!result.stdout) throw new Error(`eslint did not run: ${result.stderr}`);
  const reports = JSON.parse(result.stdout) as {
    filePath: string;
    messages: { ruleId: string | null; message: string }[];
  }[];
  return reports.flatMap((r) =>
    r.messages.map((m) => ({ file: path.relative(tree, r.filePath), ...m })),
  );
}

beforeEach(() => {
  tree = fs.mkdtempSync(path.join(os.tmpdir(), 'layers-'));
  const tsconfig = {
    compilerOptions: { baseUrl: '.', paths: { '@/*': ['./src/*'] }, jsx: 'react-jsx' },
    include: ['src'],
  };
  fs.mkdirSync(path.join(tree, 'apps/web/src/features'), { recursive: true });
  fs.mkdirSync(path.join(tree, 'packages/ui'), { recursive: true });
  fs.writeFileSync(path.join(tree, 'apps/web/tsconfig.json'), JSON.stringify(tsconfig));
  fs.writeFileSync(path.join(tree, 'packages/ui/tsconfig.json'), JSON.stringify(tsconfig));
  fs.writeFileSync(
    path.join(tree, 'eslint.config.js'),
    [
      `import tseslint from ${JSON.stringify(path.join(repo, 'node_modules/typescript-eslint/dist/index.js'))};`,
      `import { layerRules } from ${JSON.stringify(path.join(repo, 'eslint.layers.js'))};`,
      `export default [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, ...layerRules(import.meta.dirname)];`,
    ].join('\n'),
  );
  fs.writeFileSync(path.join(tree, 'package.json'), '{ "type": "module" }');
});

afterEach(() => fs.rmSync(tree, { recursive: true, force: true }));

const WELL_LAYERED = {
  'apps/web/src/lib/format.ts': 'export const format = (n: number) => String(n);\n',
  'apps/web/src/features/setups/list.ts':
    "import { format } from '@/lib/format';\nexport const list = format(1);\n",
  'apps/web/src/features/prompts/page.ts':
    "import { format } from '../../lib/format';\nexport const page = format(2);\n",
  'apps/web/src/app/router.ts':
    "import { list } from '@/features/setups/list';\nimport { page } from '@/features/prompts/page';\nexport const routes = [list, page];\n",
};

it('lets app/ import features and features import shared code', () => {
  expect(lint(WELL_LAYERED)).toEqual([]);
});

it('refuses shared code that imports a feature or app/', () => {
  const problems = lint({
    ...WELL_LAYERED,
    'apps/web/src/lib/uses-feature.ts':
      "import { list } from '@/features/setups/list';\nexport const x = list;\n",
    'apps/web/src/lib/uses-app.ts':
      "import { routes } from '../app/router';\nexport const y = routes;\n",
  });
  expect(problems).toEqual([
    expect.objectContaining({
      file: 'apps/web/src/lib/uses-app.ts',
      ruleId: 'import-x/no-restricted-paths',
      message: expect.stringContaining('Shared code never imports a feature or app/'),
    }),
    expect.objectContaining({
      file: 'apps/web/src/lib/uses-feature.ts',
      ruleId: 'import-x/no-restricted-paths',
      message: expect.stringContaining('Shared code never imports a feature or app/'),
    }),
  ]);
});

it('refuses a feature that imports another feature, or app/', () => {
  const problems = lint({
    ...WELL_LAYERED,
    'apps/web/src/features/prompts/uses-setups.ts':
      "import { list } from '@/features/setups/list';\nexport const z = list;\n",
    'apps/web/src/features/setups/uses-app.ts':
      "import { routes } from '@/app/router';\nexport const w = routes;\n",
  });
  expect(problems.map((p) => [p.file, p.ruleId])).toEqual([
    ['apps/web/src/features/prompts/uses-setups.ts', 'import-x/no-restricted-paths'],
    ['apps/web/src/features/setups/uses-app.ts', 'import-x/no-restricted-paths'],
  ]);
});

it('refuses an import cycle', () => {
  const problems = lint({
    'apps/web/src/lib/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
    'apps/web/src/lib/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
  });
  expect(problems.map((p) => [p.file, p.ruleId])).toEqual([
    ['apps/web/src/lib/a.ts', 'import-x/no-cycle'],
    ['apps/web/src/lib/b.ts', 'import-x/no-cycle'],
  ]);
});

it('refuses a package that imports an app', () => {
  const problems = lint({
    ...WELL_LAYERED,
    'packages/ui/src/uses-web.ts':
      "import { format } from '../../../apps/web/src/lib/format';\nexport const v = format(3);\n",
    'packages/contracts/src/uses-web.ts':
      "import { format } from '../../../apps/web/src/lib/format';\nexport const u = format(4);\n",
  });
  const refused = (file: string) => ({
    file,
    ruleId: 'import-x/no-restricted-paths',
    message: 'A package never imports an app.',
  });
  const named = problems.map(({ file, ruleId, message }) => ({
    file,
    ruleId,
    message: message.replace(/^.* imported in restricted zone\. /, ''),
  }));
  expect(named).toEqual([
    refused('packages/contracts/src/uses-web.ts'),
    refused('packages/ui/src/uses-web.ts'),
  ]);
});
