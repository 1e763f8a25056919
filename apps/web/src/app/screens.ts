/**
 * Every route's screen, gathered from the features' own declarations (`features/<f>/screens.ts`:
 * the screen's module, loaded on demand, one chunk per screen, and its loader). A new screen is
 * declared in its feature's file and named in lib/routes.ts; only a new feature adds a line here.
 * The router binds them to the routes; the build reads this file and the features' files it
 * spreads (tooling/screen-pages.ts): each route's page preloads the modules named there. The first
 * data requests each screen sends from the page's entry are in `early-screens.ts` (the entry must
 * not import this file: a chunk that imports every screen makes the bundler cut the app into
 * dozens of shared pieces).
 */
import { FLEET_HEALTH_SCREENS } from '@/features/fleet-health/screens';
import { LEGACY_SETUPS_SCREENS } from '@/features/legacy-setups/screens';
import { PERFORMANCE_SCREENS } from '@/features/performance/screens';
import { PRODUCTS_SCREENS } from '@/features/products/screens';
import { PROMPTS_SCREENS } from '@/features/prompts/screens';
import { SEARCH_VOLUME_SCREENS } from '@/features/search-volume/screens';
import { SETUP_FORM_SCREENS } from '@/features/setup-form/screens';
import { SETUPS_SCREENS } from '@/features/setups/screens';
import type { Screen } from '@/lib/screen';
import type { RouteName } from '@/lib/routes';

export type { Screen } from '@/lib/screen';

/**
 * The app's own sign-in screen. In the browser /login is login.html, a page without the app
 * (features/session/login-hand-off.ts); this one shows in memory routers (the tests) and when the
 * app starts at /login (a server without the route pages).
 */
export const loginModule = () => import('@/features/session/routes/login');
/** The signed-in screens' frame (app bar, side menu). */
export const shellModule = () => import('./shell-layout');
/** The session check's query (every signed-in screen's guard and app bar). */
export const sessionModule = () => import('@/lib/session');

/** Every named route but login, bound to its screen. The type makes a missing screen a build error. */
export const SCREENS = {
  ...SETUPS_SCREENS,
  ...SETUP_FORM_SCREENS,
  ...LEGACY_SETUPS_SCREENS,
  ...PERFORMANCE_SCREENS,
  ...PRODUCTS_SCREENS,
  ...PROMPTS_SCREENS,
  ...SEARCH_VOLUME_SCREENS,
  ...FLEET_HEALTH_SCREENS,
} satisfies Record<Exclude<RouteName, 'login'>, Screen>;
