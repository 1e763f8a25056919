// The web app's import direction, as bulletproof-react draws it (CONTRIBUTING.md#layers):
// app/ → features → shared (lib/, packages/ui, packages/contracts), never back, never across
// features, and no import cycles. Its own module so that a test can run it on a sample tree
// (apps/web/test/layers.test.ts).
import fs from 'node:fs';
import path from 'node:path';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';

const WEB = 'apps/web/src';

/** The layer rules for the monorepo at `root`; each web feature is a folder of `features/`. */
export function layerRules(root) {
  const featuresDir = path.join(root, WEB, 'features');
  const features = fs
    .readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const shared =
    'Shared code never imports a feature or app/: move what both need into lib/ or packages/ui.';
  const settings = {
    'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
    'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
    'import-x/resolver-next': [
      createTypeScriptImportResolver({
        noWarnOnMultipleProjects: true,
        project: [
          path.join(root, 'apps/web/tsconfig.json'),
          path.join(root, 'packages/ui/tsconfig.json'),
        ],
      }),
    ],
  };
  const packageOffApps = {
    target: 'packages',
    from: 'apps',
    message: 'A package never imports an app.',
  };
  return [
    {
      files: ['apps/web/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}'],
      plugins: { 'import-x': importX },
      settings,
      rules: {
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
        'import-x/no-restricted-paths': [
          'error',
          {
            basePath: root,
            zones: [
              { target: `${WEB}/lib`, from: `${WEB}/features`, message: shared },
              { target: `${WEB}/lib`, from: `${WEB}/app`, message: shared },
              packageOffApps,
              { target: 'packages/ui', from: 'packages/contracts/src/testing', message: shared },
              {
                target: `${WEB}/features`,
                from: `${WEB}/app`,
                message: 'A feature never imports app/: the app composes the features.',
              },
              ...features.map((feature) => ({
                target: `${WEB}/features/${feature}`,
                from: `${WEB}/features`,
                except: [`./${feature}`],
                message:
                  'No imports across features: move shared code to lib/, packages/ui or packages/contracts.',
              })),
            ],
          },
        ],
      },
    },
    {
      // Every other package (contracts, test-support) too, with that one rule: the web's layers
      // and the cycle check above are the web app's and packages/ui's.
      files: ['packages/**/*.{ts,tsx}'],
      ignores: ['packages/ui/**'],
      plugins: { 'import-x': importX },
      settings,
      rules: {
        'import-x/no-restricted-paths': ['error', { basePath: root, zones: [packageOffApps] }],
      },
    },
  ];
}
