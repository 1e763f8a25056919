/**
 * Every route's screen: its module, loaded on demand (one chunk per screen), and its loader.
 * The router binds them to the routes; the build reads this file too (tooling/screen-pages.ts):
 * each route's page preloads the modules named here, so the browser asks for them while it
 * parses the page. The first data requests each screen sends from the page's entry are in
 * `early-screens.ts` (the entry must not import this file: a chunk that imports every screen
 * makes the bundler cut the app into dozens of shared pieces).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router-dom';
import type { RouteName } from '@/lib/routes';

export const loginModule = () => import('@/features/session/routes/login');
/** The signed-in screens' frame (app bar, side menu). */
export const shellModule = () => import('./shell-layout');
/** The session check's query (every signed-in screen's guard and app bar). */
export const sessionModule = () => import('@/lib/session');

type RouteModule = () => Promise<{ Component: React.ComponentType }>;

export interface Screen {
  module: RouteModule;
  /** Starts the screen's queries once the api client is there (they take the early answers). */
  loader?: (queryClient: QueryClient) => LoaderFunction;
  /**
   * The loader's own code, preloaded by the route's page with the screen's: the route renders only
   * once its loader has run, so fetching it after the app's chunk would add a round trip.
   */
  loaderModule?: () => Promise<unknown>;
}

const seeAllLoaderModule = () => import('@/features/setups/loaders');

/** Every named route but login, bound to its screen. The type makes a missing screen a build error. */
export const SCREENS: Record<Exclude<RouteName, 'login'>, Screen> = {
  remOmniAddNew: { module: () => import('@/features/setup-form/routes/rem-omni-select') },
  remOmniSeeAll: {
    module: () => import('@/features/setups/routes/see-all'),
    loaderModule: seeAllLoaderModule,
    loader: (queryClient) => async (args) =>
      (await seeAllLoaderModule()).seeAllLoader(queryClient)(args),
  },
  remOmniProspect: {
    module: () => import('@/features/setup-form/routes/rem-omni-setup-form'),
  },
  remOmniClient: {
    module: () => import('@/features/setup-form/routes/rem-omni-setup-form'),
  },
  remOmniSetupDetail: {
    module: () => import('@/features/setups/routes/details'),
  },
  remOmniEditSetup: { module: () => import('@/features/setup-form/routes/rem-omni-setup-form') },
  remOmniFailures: { module: () => import('@/features/setups/routes/failures') },

  ongoing: { module: () => import('@/features/legacy-setups/routes/ongoing') },
  completed: { module: () => import('@/features/legacy-setups/routes/completed') },
  addNew: { module: () => import('@/features/legacy-setups/routes/setup-form') },
  edit: { module: () => import('@/features/legacy-setups/routes/setup-form') },

  performance: { module: () => import('@/features/performance/routes/performance') },

  seeAllProduct: {
    module: () => import('@/features/products/routes/products'),
  },
  addProduct: { module: () => import('@/features/products/routes/product-form') },
  editProduct: { module: () => import('@/features/products/routes/product-form') },
  stepDetails: { module: () => import('@/features/products/routes/steps') },
  registerStep: { module: () => import('@/features/products/routes/step-form') },
  editStep: { module: () => import('@/features/products/routes/step-form') },
  productSetupType: { module: () => import('@/features/setup-form/routes/product-setup-type') },
  productProspect: { module: () => import('@/features/setup-form/routes/product-setup-form') },
  productClient: { module: () => import('@/features/setup-form/routes/product-setup-form') },
  seeAllSetup: { module: () => import('@/features/setups/routes/product-all-setup') },
  productSetupDetail: { module: () => import('@/features/setups/routes/product-details') },
  productEditSetup: { module: () => import('@/features/setup-form/routes/product-setup-form') },
  productFailures: { module: () => import('@/features/setups/routes/product-failures') },

  prompts: { module: () => import('@/features/prompts/routes/prompts') },
  addPrompt: { module: () => import('@/features/prompts/routes/prompt-form') },
  editPrompt: { module: () => import('@/features/prompts/routes/prompt-form') },
  promptDetail: { module: () => import('@/features/prompts/routes/prompt-detail') },

  searchVolume: { module: () => import('@/features/search-volume/routes/search-volume') },
};
