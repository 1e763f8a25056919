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
import { EARLY_PATHS } from '@onboarding/contracts';
import { sendProductList } from '@/features/product-onboarding/early';
import { sendPromptList } from '@/features/prompts/early';
import { sendDetailsFirstCalls, sendFirstListPage } from '@/features/rem-omni/early';
import { sendFormRetailers } from '@/features/setup-form/early';
import { sendEarly } from '@/lib/early-requests';
import type { RouteHandle } from '@/lib/route-meta';
import { LEGACY_REDIRECT_PREFIX, loginPath, routePath, ROUTES, type RouteName } from '@/lib/routes';
import { setUnauthorizedHandler } from '@/lib/unauthorized';
import { RouteError } from './route-error';
import { InitialLoading } from './initial-loading';

type RouteModule = () => Promise<{ Component: React.ComponentType }>;

interface Screen {
  module: RouteModule;
  /**
   * Sends the screen's first data requests from the entry chunk (no api client, no Zod), so
   * they leave together with the screen's code; the screen's queries take the answers over.
   * Only when the app starts: later, cached answers may make some of them needless.
   */
  early?: (args: LoaderFunctionArgs) => void;
  /** Starts the screen's queries once the api client is there (they take the early answers). */
  loader?: (queryClient: QueryClient) => LoaderFunction;
}

/** Every named route but login, bound to its screen. The type makes a missing screen a build error. */
const SCREENS: Record<Exclude<RouteName, 'login'>, Screen> = {
  remOmniAddNew: { module: () => import('@/features/setup-form/routes/rem-omni-select') },
  remOmniSeeAll: {
    module: () => import('@/features/rem-omni/routes/see-all'),
    early: sendFirstListPage,
    loader: (queryClient) => async (args) =>
      (await import('@/features/rem-omni/loaders')).seeAllLoader(queryClient)(args),
  },
  remOmniProspect: {
    module: () => import('@/features/setup-form/routes/rem-omni-setup-form'),
    early: sendFormRetailers,
  },
  remOmniClient: {
    module: () => import('@/features/setup-form/routes/rem-omni-setup-form'),
    early: sendFormRetailers,
  },
  remOmniSetupDetail: {
    module: () => import('@/features/rem-omni/routes/details'),
    early: sendDetailsFirstCalls,
  },
  remOmniEditSetup: { module: () => import('@/features/setup-form/routes/rem-omni-setup-form') },
  remOmniFailures: { module: () => import('@/features/rem-omni/routes/failures') },

  ongoing: { module: () => import('@/features/legacy-setups/routes/ongoing') },
  completed: { module: () => import('@/features/legacy-setups/routes/completed') },
  addNew: { module: () => import('@/features/legacy-setups/routes/setup-form') },
  edit: { module: () => import('@/features/legacy-setups/routes/setup-form') },

  performance: { module: () => import('@/features/performance/routes/performance') },

  seeAllProduct: {
    module: () => import('@/features/product-onboarding/routes/products'),
    early: sendProductList,
  },
  addProduct: { module: () => import('@/features/product-onboarding/routes/product-form') },
  editProduct: { module: () => import('@/features/product-onboarding/routes/product-form') },
  stepDetails: { module: () => import('@/features/product-onboarding/routes/steps') },
  registerStep: { module: () => import('@/features/product-onboarding/routes/step-form') },
  editStep: { module: () => import('@/features/product-onboarding/routes/step-form') },
  productSetupType: { module: () => import('@/features/setup-form/routes/product-setup-type') },
  productProspect: { module: () => import('@/features/setup-form/routes/product-setup-form') },
  productClient: { module: () => import('@/features/setup-form/routes/product-setup-form') },
  seeAllSetup: { module: () => import('@/features/rem-omni/routes/product-all-setup') },
  productSetupDetail: { module: () => import('@/features/rem-omni/routes/product-details') },
  productEditSetup: { module: () => import('@/features/setup-form/routes/product-setup-form') },
  productFailures: { module: () => import('@/features/rem-omni/routes/product-failures') },

  prompts: { module: () => import('@/features/prompts/routes/prompts'), early: sendPromptList },
  addPrompt: { module: () => import('@/features/prompts/routes/prompt-form') },
  editPrompt: { module: () => import('@/features/prompts/routes/prompt-form') },
  promptDetail: { module: () => import('@/features/prompts/routes/prompt-detail') },

  searchVolume: { module: () => import('@/features/search-volume/routes/search-volume') },
};

/**
 * The router asks for every matched route's code before it calls any loader, and asking for a
 * chunk first queues a preload for each of its dependencies (dozens for a screen): a loader's
 * request would leave tens of milliseconds after the code. So a screen with early requests
 * asks for its code from its loader, right after sending them; the route's own `lazy` comes a
 * task later and finds the module already on its way (the browser loads a module once).
 */
function earlyFirst(
  screen: Screen,
  queryClient: QueryClient,
  starting: () => boolean,
): Pick<RouteObject, 'lazy' | 'loader'> {
  const early = screen.early;
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
    sendEarly('GET', EARLY_PATHS.sessionConfig);
    const { configQuery } = await import('@/lib/session');
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
      ...earlyFirst(screen, queryClient, starting),
    }),
  );
  return [
    {
      path: ROUTES.login.path,
      handle: { route: 'login' } satisfies RouteHandle,
      lazy: () => import('@/features/session/routes/login'),
      HydrateFallback: InitialLoading,
    },
    {
      id: 'signed-in',
      lazy: () => import('./shell-layout'),
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

/** A 401 from any call returns the operator to login, remembering the screen they were on. */
function wireRouter(router: AppRouter, queryClient: QueryClient): AppRouter {
  setUnauthorizedHandler(() => {
    const { pathname, search } = router.state.location;
    if (pathname === ROUTES.login.path) return;
    queryClient.clear();
    void router.navigate(loginPath(pathname + search), { replace: true });
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
