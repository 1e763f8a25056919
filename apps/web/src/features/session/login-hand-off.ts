/**
 * In the browser, /login is a page of its own (login.html: no React, MUI or router, a few KB of
 * script; tooling/login-page.ts). The app's router leaves for it with a full navigation, and says
 * first when a session ended, since a full navigation carries no location state.
 */
import type { LoaderFunctionArgs, RouteObject } from 'react-router-dom';
import { ROUTES } from '@/lib/routes';

/**
 * The tab's flag login.html reads (login-page/texts.ts SESSION_ENDED_KEY, held equal by its
 * test): written out, not imported, so the page and the app share no module.
 */
export const SESSION_ENDED_KEY = 'onboarding.sessionEnded';

/** Before the app sends the operator to sign in after a session end: the page says so. */
export function rememberSessionEnded(): void {
  try {
    window.sessionStorage.setItem(SESSION_ENDED_KEY, '1');
  } catch {
    // Storage refused (a privacy setting): the page signs in without the notice.
  }
}

function leaveForLogin({ request }: LoaderFunctionArgs): Promise<never> {
  const { pathname, search } = new URL(request.url);
  window.location.replace(pathname + search);
  // The browser is leaving: the router waits for nothing else.
  return new Promise<never>(() => undefined);
}

/**
 * The app's routes with /login's left to the server's page. Unless the app itself started at
 * /login: the server had no page for it (a build without pages.json), and leaving again would
 * loop; then the app's own sign-in screen shows.
 */
export function handOffLogin(routes: RouteObject[]): RouteObject[] {
  if (window.location.pathname === ROUTES.login.path) return routes;
  return routes.map((route) =>
    route.path === ROUTES.login.path ? { ...route, lazy: undefined, loader: leaveForLogin } : route,
  );
}
