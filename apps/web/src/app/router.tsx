/**
 * The router: the route table of `lib/routes.ts` bound to lazily loaded screens (one module per
 * route, so each screen's code is fetched on demand), the session guard
 * (docs/requirements.md#session-guard), and the redirects (docs/requirements.md#routes-redirects).
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  createBrowserRouter,
  redirect,
  type LoaderFunction,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router-dom';
import { API_ROUTES } from '@onboarding/contracts/routes';
import { sendEarly } from '@/lib/early-requests';
import type { RouteHandle } from '@/lib/route-meta';
import { LEGACY_REDIRECT_PREFIX, loginPath, routePath, ROUTES, type RouteName } from '@/lib/routes';
import { SESSION_ENDED_STATE, setUnauthorizedHandler } from '@/lib/unauthorized';
import { RouteError } from './route-error';
import { loginModule, SCREENS, sessionModule, shellModule, type Screen } from './screens';
import { EARLY_SCREENS, type EarlyRequests } from './early-screens';
import { InitialLoading } from './initial-loading';

/**
 * The router asks for every matched route's code before it calls any loader, and asking for a
 * chunk first queues a preload for each of its dependencies (dozens for a screen): a loader's
 * request would leave tens of milliseconds after the code. So a screen with early requests
 * asks for its code from its loader, right after sending them; the route's own `lazy` comes a
 * task later and finds the module already on its way (the browser loads a module once).
 */
function earlyFirst(
  screen: Screen,
  early: EarlyRequests | undefined,
  queryClient: QueryClient,
  starting: () => boolean,
): Pick<RouteObject, 'lazy' | 'loader'> {
  const loader = screen.loader?.(queryClient);
  if (!early) return { lazy: screen.module, ...(loader ? { loader } : {}) };
  return {
    lazy: () => new Promise((resolve) => setTimeout(resolve, 0)).then(screen.module),
    loader: (args, context) => {
      if (starting()) early(args);
      void screen.module();
      return loader ? loader(args, context) : null;
    },
  };
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
  return async ({ request }: LoaderFunctionArgs) => {
    // The check leaves now; the api client, loaded on the first signed-in navigation (not with
    // the login page, it brings the contracts' schemas), takes its answer over.
    sendEarly(API_ROUTES.session.config);
    const { configQuery } = await sessionModule();
    try {
      await queryClient.fetchQuery({ ...configQuery(), staleTime: 0 });
      return null;
    } catch {
      queryClient.removeQueries({ queryKey: configQuery().queryKey });
      return redirect(loginPath(targetOf(request)));
    }
  };
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
    ([name, screen]): RouteObject => ({
      path: ROUTES[name].path,
      handle: { route: name } satisfies RouteHandle,
      ...earlyFirst(screen, EARLY_SCREENS[name], queryClient, starting),
    }),
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

export function createAppRouter(queryClient: QueryClient): AppRouter {
  return makeRouter(queryClient, (routes) => createBrowserRouter(routes));
}
