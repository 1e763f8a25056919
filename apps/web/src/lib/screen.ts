/**
 * How a feature declares its screens' route pages (its `screens.ts`): the screen's module, loaded
 * on demand, and the loader that starts its queries. app/screens.ts gathers every feature's; the
 * build reads the same declarations (tooling/screen-pages.ts), so keep each module written as
 * `() => import('…')`, inline or through a `const` of the same file.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router-dom';
import type { RouteName } from './routes';

export interface Screen {
  module: () => Promise<{ Component: React.ComponentType }>;
  /** Starts the screen's queries once the api client is there (they take the early answers). */
  loader?: (queryClient: QueryClient) => LoaderFunction;
  /**
   * The loader's own code, preloaded by the route's page with the screen's: the route renders only
   * once its loader has run, so fetching it after the app's chunk would add a round trip.
   */
  loaderModule?: () => Promise<unknown>;
}

/** A feature's screens by route name (login is the router's own). */
export type FeatureScreens = Partial<Record<Exclude<RouteName, 'login'>, Screen>>;
