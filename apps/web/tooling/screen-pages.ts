/**
 * Build step: one HTML page per route, the built index.html plus a `modulepreload` link for
 * every script that route's first load runs (the app's chunk, the shell and session for the
 * signed-in screens, the screen's module and loader, and everything they import). The browser
 * then asks for them all while it parses the page, instead of once the entry has arrived and run
 * (a round trip and a long task later on a slow laptop: docs/benchmarks.md#route-pages).
 *
 * The gateway and nginx pick a request's page from `pages.json` / `pages.map` (the same
 * patterns, ranked as the router ranks them); any other path gets index.html as before.
 * The modules come from `src/app/screens.ts`, read as written: `shellModule`, `sessionModule`,
 * and each route's `module` and `loaderModule` in `SCREENS` or in the feature declarations it
 * spreads (`features/<f>/screens.ts`, lib/screen.ts).
 *
 * /login's page is login.html as built (tooling/login-page.ts: no app runtime), which names the
 * scripts of the screen sign-in lands on as `prefetch` links: the browser fetches them at its
 * lowest priority, for that next page, without running them here.
 */
import fs from 'node:fs';
import { parseAst, type Plugin, type Rolldown } from 'vite';
import { ROUTES, type RouteName } from '../src/lib/routes';
import { LOGIN_HTML } from './login-page';

type Node = { type: string; [key: string]: unknown };
type Bundle = Rolldown.OutputBundle;
type Chunk = Rolldown.OutputChunk;

export interface ScreenPagesOptions {
  /** The file that binds routes to their modules (src/app/screens.ts and what it spreads). */
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

const escapeHtml = (text: string) =>
  text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c] ?? c);

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

/** A module of a route's first load: its specifier, resolved from the file that names it. */
interface ModuleRef {
  specifier: string;
  importer: string;
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

/** `{ … } satisfies T` or `{ … } as T` → `{ … }`. */
function unwrap(node: Node | undefined): Node | undefined {
  if (node?.type === 'TSSatisfiesExpression' || node?.type === 'TSAsExpression') {
    return unwrap(node.expression as Node);
  }
  return node;
}

/** A module's top-level consts (their initialisers), `import () =>` bindings and static imports. */
function readModule(code: string) {
  const program = parseAst(code, { lang: 'ts' }) as unknown as { body: Node[] };
  const consts = new Map<string, string>();
  const inits = new Map<string, Node | undefined>();
  const imports = new Map<string, string>();
  for (const statement of program.body) {
    if (statement.type === 'ImportDeclaration') {
      for (const specifier of statement.specifiers as Node[]) {
        const local = (specifier.local as Node).name as string;
        imports.set(local, (statement.source as Node).value as string);
      }
      continue;
    }
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node) : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const name = (declarator.id as Node).name as string;
      const init = unwrap(declarator.init as Node | undefined);
      const specifier = importOf(init, consts);
      if (specifier) consts.set(name, specifier);
      inits.set(name, init);
    }
  }
  return { consts, inits, imports };
}

type Resolve = (specifier: string, importer: string) => Promise<string>;

/**
 * The modules of each route's first load, read from screens.ts: its `SCREENS` object, whose
 * entries are written there or spread from a feature's declaration (`...SETUPS_SCREENS`, imported
 * from `features/<f>/screens.ts`), each `{ module, loaderModule? }` as `() => import(…)`.
 */
async function screenModules(
  screensFile: string,
  resolve: Resolve,
): Promise<Map<RouteName, ModuleRef[]>> {
  const app = readModule(fs.readFileSync(screensFile, 'utf8'));
  const named = (name: string): ModuleRef => {
    const specifier = app.consts.get(name);
    if (!specifier) throw new Error(`screen-pages: screens.ts has no ${name} = () => import(…)`);
    return { specifier, importer: screensFile };
  };
  const screens = app.inits.get('SCREENS');
  if (screens?.type !== 'ObjectExpression') {
    throw new Error('screen-pages: screens.ts has no SCREENS = { … } object');
  }
  const modules = new Map<RouteName, ModuleRef[]>();
  const signedIn = [named('shellModule'), named('sessionModule')];
  const readEntries = (object: Node, file: string, consts: Map<string, string>) => {
    for (const property of object.properties as Node[]) {
      if (property.type === 'SpreadElement') continue;
      const route = (property.key as Node).name as RouteName;
      const fields = new Map(
        ((property.value as Node).properties as Node[]).map((p) => [
          (p.key as Node).name as string,
          p.value as Node,
        ]),
      );
      const module = importOf(fields.get('module'), consts);
      if (!module)
        throw new Error(`screen-pages: ${route}.module is not () => import(…) (${file})`);
      const loader = importOf(fields.get('loaderModule'), consts);
      const refs = [module, ...(loader ? [loader] : [])].map((specifier) => ({
        specifier,
        importer: file,
      }));
      modules.set(route, [...signedIn, ...refs]);
    }
  };
  readEntries(screens, screensFile, app.consts);
  for (const property of screens.properties as Node[]) {
    if (property.type !== 'SpreadElement') continue;
    const name = (property.argument as Node).name as string;
    const source = app.imports.get(name);
    if (!source)
      throw new Error(`screen-pages: screens.ts spreads ${name}, which it does not import`);
    const file = await resolve(source, screensFile);
    const feature = readModule(fs.readFileSync(file, 'utf8'));
    const object = feature.inits.get(name);
    if (object?.type !== 'ObjectExpression') {
      throw new Error(`screen-pages: ${file} has no ${name} = { … } object`);
    }
    readEntries(object, file, feature.consts);
  }
  for (const route of Object.keys(ROUTES) as RouteName[]) {
    if (route !== 'login' && !modules.has(route))
      throw new Error(`screen-pages: no screen for the route ${route}`);
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

/**
 * The tab names the screen before the app runs (docs/requirements.md#decision-document-title):
 * "<route title> · <the page's title>", as lib/document-title.ts writes it later.
 */
function titled(html: string, route: RouteName): string {
  return html.replace(/<title>([^<]*)<\/title>/, (_m, app: string) => {
    return `<title>${escapeHtml(ROUTES[route].title)} · ${app}</title>`;
  });
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
      const resolve: Resolve = async (specifier, importer) => {
        const resolved = await this.resolve(specifier, importer);
        if (!resolved) this.error(`screen-pages: cannot resolve ${specifier} from ${importer}`);
        return resolved.id;
      };
      const modules = await screenModules(options.screensFile, resolve);
      const pages = routePages();
      const sources = new Map<RouteName, string>();
      for (const { route } of pages) {
        if (route === 'login') continue;
        const refs = modules.get(route)!;
        const resolved = await Promise.all(refs.map((r) => resolve(r.specifier, r.importer)));
        const ids = [options.appModule, ...resolved];
        const links = closure(bundle, ids)
          .filter((chunk) => !html.includes(`/${chunk.fileName}"`))
          .map((chunk) => `    <link rel="modulepreload" crossorigin href="/${chunk.fileName}">\n`)
          .join('');
        sources.set(route, titled(html, route).replace(/^(\s*)<\/head>/m, `${links}$1</head>`));
      }
      const login = bundle[LOGIN_HTML];
      if (login?.type !== 'asset') this.error(`screen-pages: the build has no ${LOGIN_HTML}`);
      // Sign-in lands on the setups list unless a returnTo says otherwise (lib/routes.ts).
      const landing = sources.get('remOmniSeeAll')!;
      const prefetch = [...landing.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)]
        .map((m) => `    <link rel="prefetch" as="script" crossorigin href="${m[1]}">\n`)
        .join('');
      sources.set(
        'login',
        // Its title is written in it (the dev server serves it too): texts.test.ts checks it.
        String(login.source).replace(/^(\s*)<\/body>/m, `${prefetch}$1</body>`),
      );
      // Served as /login only, not also at its own name.
      delete bundle[LOGIN_HTML];
      for (const { route, file } of pages) {
        this.emitFile({ type: 'asset', fileName: file, source: sources.get(route)! });
      }
      const table = `${JSON.stringify(pages, null, 2)}\n`;
      this.emitFile({ type: 'asset', fileName: 'pages.json', source: table });
      // nginx: the body of a `map $uri $page { … }` (docker/web/default.conf.template).
      const map = pages.map(({ pattern, file }) => `~*${pattern} /${file};`).join('\n');
      this.emitFile({ type: 'asset', fileName: 'pages.map', source: `${map}\n` });
    },
  };
}
