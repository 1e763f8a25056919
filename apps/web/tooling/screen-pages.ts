/**
 * Build step: one HTML page per route, the built index.html plus a `modulepreload` link for
 * every script that route's first load runs (the app's chunk, the shell and session for the
 * signed-in screens, the screen's module and loader, and everything they import). The browser
 * then asks for them all while it parses the page, instead of once the entry has arrived and run
 * (a round trip and a long task later on a slow laptop: docs/benchmarks.md#route-pages).
 *
 * The gateway and nginx pick a request's page from `pages.json` / `pages.map` (the same
 * patterns, ranked as the router ranks them); any other path gets index.html as before.
 * The modules come from `src/app/screens.ts`, read as written: `SCREENS.<route>.module` and
 * `.loaderModule`, `loginModule`, `shellModule` and `sessionModule`.
 */
import fs from 'node:fs';
import { parseAst, type Plugin, type Rolldown } from 'vite';
import { ROUTES, type RouteName } from '../src/lib/routes';

type Node = { type: string; [key: string]: unknown };
type Bundle = Rolldown.OutputBundle;
type Chunk = Rolldown.OutputChunk;

export interface ScreenPagesOptions {
  /** The file that binds routes to their modules (src/app/screens.ts). */
  screensFile: string;
  /** The app's chunk, which every route's page runs (src/app/main.tsx). */
  appModule: string;
}

/** One route's page, as the servers read them, most specific pattern first. */
interface RoutePage {
  route: RouteName;
  /** Matches the request's path (case-insensitive, an optional trailing slash). */
  pattern: string;
  file: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A route's path as a regular expression: a `:param` is one segment. Ranked by static segments,
 * as the router does (`/llm_service/prompts/add` before `/llm_service/prompts/:id`).
 */
function routePages(): RoutePage[] {
  return (Object.entries(ROUTES) as [RouteName, { path: string }][])
    .map(([route, { path }]) => {
      const segments = path.split('/').filter(Boolean);
      const parts = segments.map((s) => (s.startsWith(':') ? '[^/]+' : escapeRegExp(s)));
      return {
        route,
        pattern: `^/${parts.join('/')}/?$`,
        file: `pages/${route}.html`,
        statics: segments.filter((s) => !s.startsWith(':')).length,
      };
    })
    .sort((a, b) => b.statics - a.statics)
    .map(({ route, pattern, file }) => ({ route, pattern, file }));
}

/** `() => import('x')` → 'x'; a name bound to one → its specifier. */
function importOf(node: Node | undefined, consts: Map<string, string>): string | undefined {
  if (!node) return undefined;
  if (node.type === 'Identifier') return consts.get(node.name as string);
  if (node.type !== 'ArrowFunctionExpression') return undefined;
  const body = node.body as Node;
  if (body.type !== 'ImportExpression') return undefined;
  const source = body.source as Node;
  return source.type === 'Literal' ? (source.value as string) : undefined;
}

/** The import specifiers of each route's first load, read from screens.ts. */
function screenModules(code: string): Map<RouteName, string[]> {
  const program = parseAst(code, { lang: 'ts' }) as unknown as { body: Node[] };
  const consts = new Map<string, string>();
  let screens: Node | undefined;
  for (const statement of program.body) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node) : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const name = (declarator.id as Node).name as string;
      const init = declarator.init as Node | undefined;
      const specifier = importOf(init, consts);
      if (specifier) consts.set(name, specifier);
      if (name === 'SCREENS') screens = init;
    }
  }
  const named = (name: string) => {
    const specifier = consts.get(name);
    if (!specifier) throw new Error(`screen-pages: screens.ts has no ${name} = () => import(…)`);
    return specifier;
  };
  if (screens?.type !== 'ObjectExpression') {
    throw new Error('screen-pages: screens.ts has no SCREENS = { … } object');
  }
  const modules = new Map<RouteName, string[]>([['login', [named('loginModule')]]]);
  const signedIn = [named('shellModule'), named('sessionModule')];
  for (const property of screens.properties as Node[]) {
    const route = (property.key as Node).name as RouteName;
    const fields = new Map(
      ((property.value as Node).properties as Node[]).map((p) => [
        (p.key as Node).name as string,
        p.value as Node,
      ]),
    );
    const module = importOf(fields.get('module'), consts);
    if (!module) throw new Error(`screen-pages: SCREENS.${route}.module is not () => import(…)`);
    const loader = importOf(fields.get('loaderModule'), consts);
    modules.set(route, [...signedIn, module, ...(loader ? [loader] : [])]);
  }
  for (const route of Object.keys(ROUTES) as RouteName[]) {
    if (!modules.has(route)) throw new Error(`screen-pages: no screen for the route ${route}`);
  }
  return modules;
}

/** The chunk a module ended up in, and every chunk it imports statically, largest first. */
function closure(bundle: Bundle, moduleIds: string[]): Chunk[] {
  const chunks = Object.values(bundle).filter((c): c is Chunk => c.type === 'chunk');
  const seen = new Map<string, Chunk>();
  const visit = (chunk: Chunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const file of chunk.imports) visit(bundle[file] as Chunk);
  };
  for (const id of moduleIds) {
    const chunk =
      chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
    if (!chunk) throw new Error(`screen-pages: ${id} is in no chunk`);
    visit(chunk);
  }
  // The largest first: on six HTTP/1.1 connections, a large script asked for last ends last.
  return [...seen.values()].sort((a, b) => b.code.length - a.code.length);
}

export function screenPages(options: ScreenPagesOptions): Plugin {
  return {
    name: 'onboarding:screen-pages',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_output, bundle) {
      // Another page built with the app's config (the picker benchmark's harness): not the app.
      if (!this.getModuleInfo(options.appModule)) return;
      const index = bundle['index.html'];
      if (index?.type !== 'asset') this.error('screen-pages: the build has no index.html');
      const html = String(index.source);
      const resolve = async (specifier: string) => {
        const resolved = await this.resolve(specifier, options.screensFile);
        if (!resolved) this.error(`screen-pages: cannot resolve ${specifier}`);
        return resolved.id;
      };
      const modules = screenModules(fs.readFileSync(options.screensFile, 'utf8'));
      const pages = routePages();
      for (const { route, file } of pages) {
        const ids = [options.appModule, ...(await Promise.all(modules.get(route)!.map(resolve)))];
        const links = closure(bundle, ids)
          .filter((chunk) => !html.includes(`/${chunk.fileName}"`))
          .map((chunk) => `    <link rel="modulepreload" crossorigin href="/${chunk.fileName}">\n`)
          .join('');
        const source = html.replace(/^(\s*)<\/head>/m, `${links}$1</head>`);
        this.emitFile({ type: 'asset', fileName: file, source });
      }
      const table = `${JSON.stringify(pages, null, 2)}\n`;
      this.emitFile({ type: 'asset', fileName: 'pages.json', source: table });
      // nginx: the body of a `map $uri $page { … }` (docker/web/default.conf.template).
      const map = pages.map(({ pattern, file }) => `~*${pattern} /${file};`).join('\n');
      this.emitFile({ type: 'asset', fileName: 'pages.map', source: `${map}\n` });
    },
  };
}
