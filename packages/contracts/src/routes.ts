/**
 * The method and path of every operation, and nothing else: this module imports nothing, so the
 * web app's entry (its early requests) reads it without loading Zod or a schema
 * (`@onboarding/contracts/routes`). Each declaration (`defineArea`) takes its method and path from
 * here, so a path is written once, in this table.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Where an operation is answered: by the gateway itself, or forwarded to an upstream service. */
export type ServiceName = 'gateway' | 'customer-setup' | 'llm';

/** Where the gateway answers: the API under it, the built web app everywhere else. */
export const API_PREFIX = '/api';

/** Gateway path prefix of each proxied service; the upstream receives the rest of the path. */
export const SERVICE_PREFIX = {
  'customer-setup': `${API_PREFIX}/proxy/customer-setup`,
  llm: `${API_PREFIX}/proxy/llm`,
} as const satisfies Record<Exclude<ServiceName, 'gateway'>, string>;

/** A method and the path the browser calls on the gateway (path params as `:name`). */
export interface Route<M extends HttpMethod = HttpMethod> {
  readonly method: M;
  readonly path: string;
}

/** A route as an area lists it: the path after the area's prefix, when it is not `/<key>`. */
interface RouteSpec {
  readonly method: HttpMethod;
  readonly path?: string;
}

/** One area's routes: each under the spec's call name, at the prefix and `/<name>` by default. */
function area<const R extends Record<string, RouteSpec>>(
  prefix: string,
  routes: R,
): { readonly [K in keyof R]: Route<R[K]['method']> } {
  return Object.freeze(
    Object.fromEntries(
      Object.entries(routes).map(([name, { method, path }]) => [
        name,
        Object.freeze({ method, path: `${prefix}${path ?? `/${name}`}` }),
      ]),
    ),
  ) as { readonly [K in keyof R]: Route<R[K]['method']> };
}

const GET = { method: 'GET' } as const;
const POST = { method: 'POST' } as const;
const CS = SERVICE_PREFIX['customer-setup'];

/** Every operation's route, by area and by the spec's call name (docs/requirements.md#calls). */
export const API_ROUTES = Object.freeze({
  session: area(API_PREFIX, {
    config: GET,
    getAuthUrl: { method: 'POST', path: '/sso/getAuthUrl' },
    logout: { method: 'POST', path: '/sso/logout' },
  }),
  // The gateway's own reading of the whole fleet (issue 32), shared by every operator.
  fleet: area(`${API_PREFIX}/fleet`, {
    snapshot: GET,
    setups: GET,
    failures: GET,
    matching: GET,
    health: GET,
  }),
  // The failure watch (issue 33): what each fleet snapshot changed, pushed to every operator.
  watch: area(`${API_PREFIX}/watch`, {
    stream: GET,
    state: GET,
    seen: POST,
    watched: GET,
    watch: { method: 'POST', path: '/watched' },
    unwatch: { method: 'DELETE', path: '/watched/:setupId' },
  }),
  // Saved views and the filtered fleet list (issue 33): the gateway's own, per operator.
  views: area(API_PREFIX, {
    list: { method: 'GET', path: '/views' },
    create: { method: 'POST', path: '/views' },
    update: { method: 'PUT', path: '/views/:id' },
    remove: { method: 'DELETE', path: '/views/:id' },
    defaultView: { method: 'GET', path: '/views/default' },
    fleetList: { method: 'GET', path: '/fleet/list' },
  }),
  rem_omni: area(`${CS}/rem_omni`, {
    getRetailers: POST,
    allSetup: POST,
    browseNodes: POST,
    setupDetails: POST,
    worflowData: POST,
    reTrigger: POST,
    refreshData: POST,
    searchBrowseNodes: POST,
    isClientExists: POST,
    addClient: POST,
    addSetup: POST,
    updateSetup: POST,
  }),
  categoryanalytics: area(`${CS}/categoryanalytics`, {
    clients: POST,
    isProspectExists: POST,
  }),
  meta: area(`${CS}/meta`, {
    allSetup: POST,
    isClientExists: POST,
    addSetup: POST,
    updateSetup: POST,
    setupDetails: POST,
    browseNodes: POST,
    workflowData: POST,
    reTrigger: POST,
    refreshData: POST,
    getRetailers: POST,
  }),
  product_register: area(`${CS}/product_register`, {
    productList: { method: 'POST', path: '/product-list' },
    productDetails: { method: 'POST', path: '/product-details' },
    registerProduct: { method: 'POST', path: '/register-product' },
    updateProduct: { method: 'POST', path: '/update-product' },
    stepList: { method: 'POST', path: '/step-list' },
    updateStepOrder: { method: 'POST', path: '/update-step-order' },
    stepDetail: { method: 'POST', path: '/step-detail' },
    registerStep: { method: 'POST', path: '/register-step' },
    updateStep: { method: 'POST', path: '/update-step' },
  }),
  llm: area(`${SERVICE_PREFIX.llm}/prompts`, {
    getAll: { method: 'GET', path: '/get-all' },
    get: { method: 'GET', path: '/get/:id' },
    getAllClients: { method: 'GET', path: '/get-all-clients' },
    add: POST,
    update: { method: 'PUT', path: '/update' },
    delete: { method: 'DELETE', path: '/delete/:id' },
  }),
  // The path repeats the customer-setup segment (docs/requirements.md#calls-legacy).
  customersetup: area(`${CS}/customer-setup/customersetup`, {
    ongoing: POST,
    completed: POST,
    status: POST,
    isClientExists: POST,
    addNewSetup: POST,
    getSetup: POST,
    editSetup: POST,
  }),
});

export type ApiRoutes = typeof API_ROUTES;
export type OperationArea = keyof ApiRoutes;

/**
 * Where the identity provider sends the browser back after sign-in: a redirect target, not a
 * call the web app makes, so it is no operation.
 */
export const SIGN_IN_CALLBACK: Route<'GET'> = Object.freeze({
  method: 'GET',
  path: `${API_PREFIX}/sso/callback`,
});
