/**
 * The route table: every screen's name (the spec's route names where it gives one), path and
 * meta. Links and redirects are built from it with `routePath`, never from string literals.
 * `app/router.tsx` binds each name to its lazily loaded screen.
 */

/** How a setup form opens, chosen by the route's `mode` (docs/requirements.md#setup-form-modes). */
export type FormMode = 'prospect' | 'client' | 'edit';

interface RouteDef {
  readonly path: string;
  /** The screen's name in the tab's title (lib/document-title.ts) and the command palette. */
  readonly title: string;
  readonly mode?: FormMode;
}

export const ROUTES = {
  login: { path: '/login', title: 'Sign in' },

  // Category Leaderboard - Omnichannel
  remOmniAddNew: { path: '/rem_omni/select', title: 'New Setup' },
  remOmniSeeAll: { path: '/rem_omni/see_all', title: 'Setups' },
  remOmniProspect: { path: '/rem_omni/prospect', title: 'Add New Setup', mode: 'prospect' },
  remOmniClient: { path: '/rem_omni/client', title: 'Add New Setup', mode: 'client' },
  remOmniSetupDetail: { path: '/rem_omni/details/:setupId', title: 'Setup Details' },
  remOmniEditSetup: { path: '/rem_omni/editSetup/:setupId', title: 'Edit Setup', mode: 'edit' },
  remOmniFailures: { path: '/rem_omni/failures', title: 'Failures' },
  remOmniHealth: { path: '/rem_omni/health', title: 'Pipeline Health' },

  // Legacy customer setup (the ongoing list's heading is the spec's `Setups`; its title says which)
  ongoing: { path: '/customer-setup/ongoing', title: 'Legacy Setups' },
  completed: { path: '/customer-setup/completed', title: 'Completed Setup' },
  addNew: { path: '/customer-setup/add-new', title: 'Add New Setup' },
  edit: { path: '/customer-setup/edit/:setupId', title: 'Edit Setup' },

  performance: { path: '/performance-metric', title: 'Performance' },

  // Product onboarding
  seeAllProduct: { path: '/product/see_all', title: 'Products' },
  addProduct: { path: '/product/register_product', title: 'Add Product' },
  editProduct: { path: '/product/edit_product/:id', title: 'Edit Product' },
  stepDetails: { path: '/product/:id/step_detail', title: 'Steps' },
  registerStep: { path: '/product/:id/register_step', title: 'Add Step' },
  editStep: { path: '/product/:id/edit_step/:stepId', title: 'Update Step' },
  productSetupType: { path: '/product/:id/setup_type', title: 'New Setup' },
  productProspect: {
    path: '/product/:id/setup_type/prospect',
    title: 'Add New Setup',
    mode: 'prospect',
  },
  productClient: { path: '/product/:id/setup_type/client', title: 'Add New Setup', mode: 'client' },
  seeAllSetup: { path: '/product/:id/all_setup', title: 'Setups' },
  productSetupDetail: { path: '/product/:id/details/:setupId', title: 'Setup Details' },
  productEditSetup: { path: '/product/:id/editSetup/:setupId', title: 'Edit Setup', mode: 'edit' },
  productFailures: { path: '/product/:id/failures', title: 'Failures' },
  productHealth: { path: '/product/:id/health', title: 'Pipeline Health' },

  // LLM Service
  prompts: { path: '/llm_service/prompts', title: 'Prompts' },
  addPrompt: { path: '/llm_service/prompts/add', title: 'Add Prompt' },
  editPrompt: { path: '/llm_service/prompts/edit/:id', title: 'Edit Prompt' },
  promptDetail: { path: '/llm_service/prompts/:id', title: 'Prompt Details' },

  // Data Science
  searchVolume: { path: '/search_volume', title: 'Search Volume' },
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof ROUTES;

/** What the router puts on each named route's `handle`. */
export interface RouteHandle {
  route: RouteName;
}

/**
 * The innermost named route among the matched routes' handles (`useMatches()`), or null. Here,
 * in the app's first chunk, so the shell finds its route without a module of its own.
 */
export function routeOfHandles(handles: readonly unknown[]): RouteName | null {
  for (let i = handles.length - 1; i >= 0; i -= 1) {
    const handle = handles[i];
    if (typeof handle === 'object' && handle !== null && 'route' in handle) {
      return (handle as RouteHandle).route;
    }
  }
  return null;
}

/** Old paths that all land on the setups list (docs/requirements.md#routes-redirects). */
export const LEGACY_REDIRECT_PREFIX = '/category-analytics-setup';

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path params a route needs, e.g. `{ setupId }` for remOmniSetupDetail. */
type RouteParams<N extends RouteName> = Record<
  ParamNames<(typeof ROUTES)[N]['path']>,
  string | number
>;

/** Routes without path params (the menu's, redirect targets). */
export type StaticRouteName = {
  [N in RouteName]: [ParamNames<(typeof ROUTES)[N]['path']>] extends [never] ? N : never;
}[RouteName];

type Search = Record<string, string | number | undefined>;

type PathArgs<N extends RouteName> = [ParamNames<(typeof ROUTES)[N]['path']>] extends [never]
  ? [params?: undefined, search?: Search]
  : [params: RouteParams<N>, search?: Search];

/** The URL of a named route, with its params filled in and an optional query string. */
export function routePath<N extends RouteName>(name: N, ...[params, search]: PathArgs<N>): string {
  const values = (params ?? {}) as Record<string, string | number>;
  const path = ROUTES[name].path.replace(/:([A-Za-z0-9_]+)/g, (_m, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`Route ${name} needs the param ${key}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(search ?? {})) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The router's path pattern of a route (relative to the root). */
export function routePattern(name: RouteName): string {
  return ROUTES[name].path;
}

/**
 * A same-origin path to return to after sign-in, or null when the value is not one
 * (an absolute URL, `//host`, or the login page itself).
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return null;
  }
  if (value === ROUTES.login.path || value.startsWith(`${ROUTES.login.path}?`)) return null;
  return value;
}

/** The login page's query parameter that carries where the operator was going. */
export const RETURN_TO_PARAM = 'returnTo';

/** The login page, remembering where to go after sign-in. */
export function loginPath(returnTo?: string): string {
  const target = safeReturnPath(returnTo);
  return routePath('login', undefined, target ? { [RETURN_TO_PARAM]: target } : undefined);
}
