/**
 * The sign-in page without the app: login.html, its styles inline and its own small script
 * (src/features/session/login-page/main.ts), built as an entry of its own. The build writes the
 * page with that script's built name; tooling/screen-pages.ts makes it /login's page
 * (pages/login.html). `npm run dev` serves login.html at /login.
 *
 * The script is a script entry, not login.html as an HTML one: an HTML entry gets Vite's
 * modulepreload polyfill, which both pages would then share as a chunk of its own, one more file
 * on every screen's first load.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export interface LoginPageOptions {
  /** The web app's folder (its index.html and login.html). */
  webDir: string;
}

/** login.html as built, before screen-pages makes it pages/login.html. */
export const LOGIN_HTML = 'login.html';

/** The page's script entry, as login.html names it (served as is by the dev server). */
const SCRIPT = '/src/features/session/login-page/main.ts';

export function loginPage({ webDir }: LoginPageOptions): Plugin {
  const script = path.join(webDir, SCRIPT);
  let active = false;
  return {
    name: 'onboarding:login-page',
    config(config) {
      // Another page built with the app's config (the picker benchmark's harness): its own input.
      active = path.resolve(config.root ?? process.cwd()) === path.resolve(webDir);
      if (!active) return;
      const input = { index: path.join(webDir, 'index.html'), 'sign-in-page': script };
      return { build: { rolldownOptions: { input } } };
    },
    configureServer(server) {
      // The app's router sends /login to the server (src/features/session/login-hand-off.ts):
      // the dev server's fallback would answer index.html, and the app would send it again.
      server.middlewares.use((req, _res, next) => {
        const url = new URL(req.url ?? '/', 'http://dev');
        if (/^\/login\/?$/i.test(url.pathname)) req.url = `/${LOGIN_HTML}${url.search}`;
        next();
      });
    },
    generateBundle(_output, bundle) {
      if (!active) return;
      const chunk = Object.values(bundle).find(
        (c) => c.type === 'chunk' && c.isEntry && c.facadeModuleId === script,
      );
      if (!chunk) this.error(`login-page: ${SCRIPT} is in no entry chunk`);
      const html = fs.readFileSync(path.join(webDir, LOGIN_HTML), 'utf8');
      const tag = `<script type="module" src="${SCRIPT}"></script>`;
      if (!html.includes(tag)) this.error(`login-page: ${LOGIN_HTML} has no ${tag}`);
      const built = `<script type="module" crossorigin src="/${chunk.fileName}"></script>`;
      this.emitFile({ type: 'asset', fileName: LOGIN_HTML, source: html.replace(tag, built) });
    },
  };
}
