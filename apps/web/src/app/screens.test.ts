// The features' screen and first-load declarations are gathered by spreading them into one table
// (screens.ts, early-screens.ts), where a route declared twice would silently keep the last one.
import { FLEET_HEALTH_FIRST_LOAD } from '@/features/fleet-health/first-load';
import { FLEET_HEALTH_SCREENS } from '@/features/fleet-health/screens';
import { LEGACY_SETUPS_SCREENS } from '@/features/legacy-setups/screens';
import { PERFORMANCE_SCREENS } from '@/features/performance/screens';
import { PRODUCTS_FIRST_LOAD } from '@/features/products/first-load';
import { PRODUCTS_SCREENS } from '@/features/products/screens';
import { PROMPTS_FIRST_LOAD } from '@/features/prompts/first-load';
import { PROMPTS_SCREENS } from '@/features/prompts/screens';
import { SEARCH_VOLUME_SCREENS } from '@/features/search-volume/screens';
import { SETUP_FORM_FIRST_LOAD } from '@/features/setup-form/first-load';
import { SETUP_FORM_SCREENS } from '@/features/setup-form/screens';
import { SETUPS_FIRST_LOAD } from '@/features/setups/first-load';
import { SETUPS_SCREENS } from '@/features/setups/screens';
import { ROUTES } from '@/lib/routes';
import { EARLY_SCREENS } from './early-screens';
import { SCREENS } from './screens';

/** Route names declared by more than one of `tables`, with the tables that declare them. */
function declaredTwice(tables: Record<string, object>): Record<string, string[]> {
  const owners = new Map<string, string[]>();
  for (const [table, routes] of Object.entries(tables)) {
    for (const route of Object.keys(routes))
      owners.set(route, [...(owners.get(route) ?? []), table]);
  }
  return Object.fromEntries([...owners].filter(([, tables]) => tables.length > 1));
}

it('binds every route but login to a screen declared by exactly one feature', () => {
  const features = {
    FLEET_HEALTH_SCREENS,
    LEGACY_SETUPS_SCREENS,
    PERFORMANCE_SCREENS,
    PRODUCTS_SCREENS,
    PROMPTS_SCREENS,
    SEARCH_VOLUME_SCREENS,
    SETUP_FORM_SCREENS,
    SETUPS_SCREENS,
  };
  expect(declaredTwice(features)).toEqual({});
  const declared = Object.values(features).reduce((n, routes) => n + Object.keys(routes).length, 0);
  expect(declared).toBe(Object.keys(SCREENS).length);
  expect(Object.keys(SCREENS).sort()).toEqual(
    Object.keys(ROUTES)
      .filter((name) => name !== 'login')
      .sort(),
  );
});

it("declares each route's first-load requests in one feature only", () => {
  const features = {
    FLEET_HEALTH_FIRST_LOAD,
    PRODUCTS_FIRST_LOAD,
    PROMPTS_FIRST_LOAD,
    SETUP_FORM_FIRST_LOAD,
    SETUPS_FIRST_LOAD,
  };
  expect(declaredTwice(features)).toEqual({});
  const declared = Object.values(features).reduce((n, routes) => n + Object.keys(routes).length, 0);
  expect(declared).toBe(Object.keys(EARLY_SCREENS).length);
});
