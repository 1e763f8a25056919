/**
 * Build step: each route's first load against its budget (src/lib/route-budgets.ts). Once the
 * pages are written (tooling/screen-pages.ts), it sums the gzipped size of the scripts each
 * `pages/<route>.html` names (its entry and modulepreloads), at gzip level 9 as the build's .gz
 * files are, and fails the build for a route over its budget or with no budget, naming the route,
 * its size and its budget. `ROUTE_BUDGETS_VERBOSE=1` prints every route's size, budget and goal.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const GZIP_LEVEL = 9;

interface Budget {
  readonly budgetKB: number;
  readonly goalKB: number;
}

interface RouteSize {
  route: string;
  /** Gzipped bytes of the scripts the page names. */
  bytes: number;
  files: number;
  budget?: Budget;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The scripts a page names: `<script src>` and `<link rel="modulepreload" href>`. */
function pageScripts(html: string): string[] {
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const files = new Set<string>();
  for (const tag of tags) {
    const isScript = tag.startsWith('<script');
    if (!isScript && !/\brel="modulepreload"/.test(tag)) continue;
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (url && !/^[a-z]+:|^\/\//i.test(url)) files.add(url);
  }
  return [...files];
}

/** Every built route page in `dist/pages`, measured. */
function measureRoutes(dist: string, budgets: Record<string, Budget>): RouteSize[] {
  const pagesDir = path.join(dist, 'pages');
  const pages = fs.readdirSync(pagesDir).filter((f) => f.endsWith('.html'));
  return pages.sort().map((page) => {
    const route = page.slice(0, -'.html'.length);
    const scripts = pageScripts(fs.readFileSync(path.join(pagesDir, page), 'utf8'));
    const bytes = scripts.reduce((sum, url) => {
      const file = path.join(dist, url.replace(/^\//, '').split(/[?#]/)[0]!);
      const code = fs.readFileSync(file);
      return sum + zlib.gzipSync(code, { level: GZIP_LEVEL }).length;
    }, 0);
    return { route, bytes, files: scripts.length, budget: budgets[route] };
  });
}

/** What is wrong with the sizes, one line a route; empty when every route is within budget. */
function budgetProblems(sizes: RouteSize[]): string[] {
  return sizes.flatMap(({ route, bytes, budget }) => {
    if (!budget) {
      return [`${route} loads ${kb(bytes)} KB of gzipped JS and has no budget`];
    }
    if (bytes > budget.budgetKB * 1024) {
      return [
        `${route} loads ${kb(bytes)} KB of gzipped JS, over its budget of ${budget.budgetKB} KB`,
      ];
    }
    return [];
  });
}

interface RouteBudgetsOptions {
  budgets: Record<string, Budget>;
  /** Where the budgets are declared, for the error message. */
  budgetsFile: string;
}

export function routeBudgets(options: RouteBudgetsOptions): Plugin {
  return {
    name: 'onboarding:route-budgets',
    apply: 'build',
    writeBundle(output, bundle) {
      // Another page built with the app's config (the picker benchmark's harness): no route pages.
      if (!bundle['pages.json'] || !output.dir) return;
      const sizes = measureRoutes(output.dir, options.budgets);
      if (process.env.ROUTE_BUDGETS_VERBOSE) {
        for (const { route, bytes, files, budget } of sizes) {
          const figures = budget ? `budget ${budget.budgetKB} KB, goal ${budget.goalKB} KB` : '';
          this.info(
            `${route.padEnd(20)} ${kb(bytes).padStart(6)} KB in ${files} files  ${figures}`,
          );
        }
      }
      const problems = budgetProblems(sizes);
      if (problems.length > 0) {
        this.error(
          `route budgets (gzip level ${GZIP_LEVEL}, ${options.budgetsFile}):\n  ${problems.join('\n  ')}`,
        );
      }
    },
  };
}
