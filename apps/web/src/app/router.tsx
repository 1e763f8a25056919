/**
 * The router: the route table of `lib/routes.ts` bound to lazily loaded screens (one module per
 * route, so each screen's code is fetched on demand), the session guard
 * (docs/requirements.md#session-guard), and the redirects (docs/requirements.md#routes-redirects).
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  createBrowserRouter,
  data,
  redirect,
  type LoaderFunction,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router-dom';
import { API_ROUTES } from '@onboarding/contracts/routes';
import { sendEarly } from '@/lib/early-requests';
import { parseRouteIds } from '@/lib/route-id';
import type { RouteHandle } from '@/lib/route-meta';
import { LEGACY_REDIRECT_PREFIX, loginPath, routePath, ROUTES, type RouteName } from '@/lib/routes';
import { SESSION_ENDED_STATE, setUnauthorizedHandler } from '@/lib/unauthorized';
import { handOffLogin, rememberSessionEnded } from '@/features/session/login-hand-off';
import { RouteError, ScreenError } from './route-error';
import { loginModule, SCREENS, sessionModule, shellModule, type Screen } from './screens';
import { EARLY_SCREENS, type EarlyRequests } from './early-screens';
import { InitialLoading } from './initial-loading';

/** Whether a route's path has params: every one is an id (lib/route-id.ts). */
const hasIds = (name: RouteName) => ROUTES[name].path.includes(':');

/**
 * One session check per navigation, shared by the guard and the screen's loader (the router
 * hands every loader of a navigation the same request): GET /api/config, true when signed in.
 */
const sessionChecks = new WeakMap<Request, Promise<boolean>>();

function checkSession(queryClient: QueryClient, request: Request): Promise<boolean> {
  let check = sessionChecks.get(request);
  if (!check) {
    check = (async () => {
      // The check leaves now; the api client, loaded on the first signed-in navigation (not with
      // the login page, it brings the contracts' schemas), takes its answer over.
      void sendEarly(API_ROUTES.session.config);
      const { configQuery } = await sessionModule();
      try {
        await queryClient.fetchQuery({ ...configQuery(), staleTime: 0 });
        return true;
      } catch {
        queryClient.removeQueries({ queryKey: configQuery().queryKey });
        return false;
      }
    })();
    sessionChecks.set(request, check);
  }
  return check;
}

/**
 * A screen's route. A bad id shows not-found before anything is asked of the gateway
 * (docs/requirements.md#not-found). On the app's first navigation, the screen's data calls
 * (early requests, loader) wait for the session check to answer signed-in: a signed-out
 * operator goes to sign-in without a data call refused on the way.
 *
 * The router asks for every matched route's code before it calls any loader, and asking for a
 * chunk first queues a preload for each of its dependencies (dozens for a screen): a loader's
 * request would leave tens of milliseconds after the code. So a screen with early requests asks
 * for its code from its loader; the route's own `lazy` comes a task later and finds the module
 * already on its way (the browser loads a module once).
 */
function screenRoute(
  name: Exclude<RouteName, 'login'>,
  screen: Screen,
  early: EarlyRequests | undefined,
  queryClient: QueryClient,
  starting: () => boolean,
): RouteObject {
  const screenLoader = screen.loader?.(queryClient);
  const route: RouteObject = {
    path: ROUTES[name].path,
    handle: { route: name } satisfies RouteHandle,
    lazy: early
      ? () => new Promise((resolve) => setTimeout(resolve, 0)).then(screen.module)
      : screen.module,
  };
  if (!early && !screenLoader && !hasIds(name)) return route;
  if (hasIds(name)) route.errorElement = <ScreenError />;
  route.loader = async (args, context) => {
    const ids = parseRouteIds(args.params);
    // React Router's not-found answer: the route's errorElement shows it, and no request is sent.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    if (!ids) throw data(null, { status: 404 });
    if (early) void screen.module();
    if (starting() && (early || screenLoader)) {
      if (!(await checkSession(queryClient, args.request))) return null;
      early?.({ ...args, ids });
    }
    return screenLoader ? screenLoader(args, context) : null;
  };
  return route;
}

function targetOf(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

/**
 * The guard: before every navigation but login, GET /api/config checks the session. When the
 * check fails the operator goes to login, which remembers where they were going.
 */
function sessionGuard(queryClient: QueryClient): LoaderFunction {
  return async ({ request }: LoaderFunctionArgs) =>
    (await checkSession(queryClient, request)) ? null : redirect(loginPath(targetOf(request)));
}

const toList = () => redirect(routePath('remOmniSeeAll'));

/**
 * `starting`: whether the router is still on the app's first navigation (a screen's early
 * requests are sent then only).
 */
export function buildRoutes(
  queryClient: QueryClient,
  starting: () => boolean = () => true,
): RouteObject[] {
  const screens = (Object.entries(SCREENS) as [Exclude<RouteName, 'login'>, Screen][]).map(
    ([name, screen]) => screenRoute(name, screen, EARLY_SCREENS[name], queryClient, starting),
  );
  return [
    {
      path: ROUTES.login.path,
      handle: { route: 'login' } satisfies RouteHandle,
      lazy: loginModule,
      HydrateFallback: InitialLoading,
    },
    {
      id: 'signed-in',
      lazy: shellModule,
      loader: sessionGuard(queryClient),
      shouldRevalidate: () => true,
      HydrateFallback: InitialLoading,
      errorElement: <RouteError />,
      children: [
        { index: true, loader: toList, element: null },
        { path: `${LEGACY_REDIRECT_PREFIX}/*`, loader: toList, element: null },
        { path: LEGACY_REDIRECT_PREFIX, loader: toList, element: null },
        ...screens,
        { path: '*', lazy: () => import('./not-found') },
      ],
    },
  ];
}

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * A 401 from any call returns the operator to login, remembering the screen they were on and
 * saying why (lib/unauthorized.ts). The cache is forgotten once that screen is gone: cleared
 * before, its queries would fetch again.
 */
function wireRouter(router: AppRouter, queryClient: QueryClient): AppRouter {
  setUnauthorizedHandler(async () => {
    const { pathname, search } = router.state.location;
    if (pathname === ROUTES.login.path) return;
    rememberSessionEnded();
    await router.navigate(loginPath(pathname + search), {
      replace: true,
      state: SESSION_ENDED_STATE,
    });
    queryClient.clear();
  });
  return router;
}

/** The app's routes in a router `create` makes, with early requests on its first navigation only. */
export function makeRouter(
  queryClient: QueryClient,
  create: (routes: RouteObject[]) => AppRouter,
): AppRouter {
  const made: { router?: AppRouter } = {};
  // Before `create` returns, its first navigation has begun: that is the start.
  const starting = () => made.router === undefined || !made.router.state.initialized;
  made.router = create(buildRoutes(queryClient, starting));
  return wireRouter(made.router, queryClient);
}

/** In the browser, /login is login.html, not a route of the app (features/session/login-hand-off.ts). */
export function createAppRouter(queryClient: QueryClient): AppRouter {
  return makeRouter(queryClient, (routes) => createBrowserRouter(handOffLogin(routes)));
}
