import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { constants } from 'node:zlib';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { ROUTE_BUDGETS } from './src/lib/route-budgets';
import { loginPage } from './tooling/login-page';
import { routeBudgets } from './tooling/route-budgets';
import { screenPages } from './tooling/screen-pages';

/**
 * React Router's package points every import at its development build (warnings, checks,
 * unminified names): the build takes its production files instead, as React's own does.
 */
const reactRouterDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    // The sign-in page without the app, built from login.html (tooling/login-page.ts).
    loginPage({ webDir: fileURLToPath(new URL('.', import.meta.url)) }),
    // A page per route that preloads every script of its first load (tooling/screen-pages.ts).
    screenPages({
      screensFile: fileURLToPath(new URL('./src/app/screens.ts', import.meta.url)),
      appModule: fileURLToPath(new URL('./src/app/main.tsx', import.meta.url)),
    }),
    // Each route page's scripts, gzipped, against its budget: over it (or none), the build fails.
    routeBudgets({ budgets: ROUTE_BUDGETS, budgetsFile: 'apps/web/src/lib/route-budgets.ts' }),
    // Brotli and gzip files beside each asset, at their highest levels once at build time: the
    // gateway and nginx send them as they are instead of compressing on every request (or not).
    compression({
      include: /\.(js|css|html|svg|json)$/,
      threshold: 1024,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
    }),
  ],
  resolve: {
    // `@/lib/…`: app-wide modules without `../..` chains (which the cross-feature lint rule forbids).
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: path.join(reactRouterDist, 'index.mjs') },
            {
              find: /^react-router\/dom$/,
              replacement: path.join(reactRouterDist, 'dom-export.mjs'),
            },
          ]
        : []),
    ],
  },
  // `npm run dev` (scripts/dev.mjs, README.md#develop): the browser's origin. The port is exact
  // (never the next free one), since the gateway's cookie and sign-in redirects are for this
  // origin; /api goes to the gateway with the Host and Origin the browser sent.
  server: {
    port: Number(process.env.DEV_WEB_PORT ?? 5173),
    strictPort: true,
    proxy: { '/api': { target: process.env.DEV_GATEWAY_URL ?? 'http://localhost:8080' } },
  },
  build: {
    outDir: 'dist',
    // Written for the bundle report, but no script points browsers at them: they are not served.
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // MUI and what it runs on, shared by three screens or more, as one chunk: left alone
            // the bundler cuts it into dozens of small files, each a round trip on a slow
            // network (docs/benchmarks.md#web-chunks: fewer files pays more than fewer bytes).
            // ToggleButton (and its group's children helper) aside: only the setup form and the
            // health charts' default slots (@mui/x-charts) use it; here it would ride on every
            // screen's first load. Autocomplete, Tooltip and Popper (with Popper.js) aside too:
            // the forms, the command palette (loaded on intent) and a details row use them, and
            // here they added 18 KB gzipped to every list's first load (docs/benchmarks.md#issue-34).
            {
              name: 'mui',
              test: /node_modules[\\/](@mui(?![\\/](material[\\/](?:ToggleButton|Autocomplete|useAutocomplete|Popper|Tooltip)|utils[\\/]getValidReactChildren))|@emotion|react-transition-group|clsx|prop-types|stylis|hoist-non-react-statics|react-is)[\\/]/,
              minShareCount: 3,
            },
          ],
        },
      },
    },
  },
}));
