/**
 * Every route's screen: its module, loaded on demand (one chunk per screen), the first data
 * requests it sends before the api client loads, and its loader. Shared by the router and by
 * the page's entry (`boot.ts`), which asks for the screen the address names before the app's
 * own chunk has arrived.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router-dom';
import { sendProductList } from '@/features/product-onboarding/early';
import { sendPromptList } from '@/features/prompts/early';
import { sendDetailsFirstCalls, sendFirstListPage } from '@/features/rem-omni/early';
import { sendFormRetailers } from '@/features/setup-form/early';
import type { EarlyArgs } from '@/lib/early-requests';
import type { RouteName } from '@/lib/routes';

export const loginModule = () => import('@/features/session/routes/login');
/** The signed-in screens' frame (app bar, side menu). */
export const shellModule = () => import('./shell-layout');

type RouteModule = () => Promise<{ Component: React.ComponentType }>;

export interface Screen {
  module: RouteModule;
  /**
   * Sends the screen's first data requests from the entry chunk (no api client, no Zod), so
   * they leave together with the screen's code; the screen's queries take the answers over.
   * Only when the app starts: later, cached answers may make some of them needless.
   */
  early?: (args: EarlyArgs) => void;
  /** Starts the screen's queries once the api client is there (they take the early answers). */
  loader?: (queryClient: QueryClient) => LoaderFunction;
  /**
   * The loader's own code, asked for by the entry with the screen's: the route renders only once
   * its loader has run, so fetching it after the app's chunk would add a round trip.
   */
  loaderModule?: () => Promise<unknown>;
}

const seeAllLoaderModule = () => import('@/features/rem-omni/loaders');

/** Every named route but login, bound to its screen. The type makes a missing screen a build error. */
export const SCREENS: Record<Exclude<RouteName, 'login'>, Screen> = {
  remOmniAddNew: { module: () => import('@/features/setup-form/routes/rem-omni-select') },
  remOmniSeeAll: {
    module: () => import('@/features/rem-omni/routes/see-all'),
    early: sendFirstListPage,
    loaderModule: seeAllLoaderModule,
    loader: (queryClient) => async (args) =>
      (await seeAllLoaderModule()).seeAllLoader(queryClient)(args),
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
