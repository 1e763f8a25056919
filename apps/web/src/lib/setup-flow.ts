/**
 * Which setups a screen shows or edits: the Category Leaderboard's (rem_omni) or one product's
 * (meta, with its productId in every call). The list, details, failures and form serve both
 * flows through this descriptor: its operations, requests, routes and cache keys, and what
 * genuinely differs between the flows, each under a name that says what it is.
 */
import { SETUP_FLOW_OPS } from '@onboarding/contracts';
import { fleetFlowQuery, type FleetFlowQuery } from './fleet-flow';
import { routePath } from './routes';
import {
  productRequests,
  REM_OMNI_REQUESTS,
  type FlowOps,
  type FlowRequests,
} from './setup-flow-requests';

interface FlowRoutes {
  /** The setups list, filtered by `search` when given. */
  list(search?: string): string;
  details(setupId: number): string;
  edit(setupId: number): string;
  failures(): string;
  /** The flow's pipeline health. */
  health(): string;
  /** Where Add New Setup leads: the choice of a prospect or an existing client. */
  addNew(): string;
  /** The existing-client form with this client picked (`clientId` in the address). */
  clientForm(clientId: number): string;
}

export interface SetupFlow {
  /** The product whose setups these are; null for the Category Leaderboard. */
  readonly productId: number | null;
  readonly ops: FlowOps;
  /** The flow's own parts of each request (productId, the marketshare flag…). */
  readonly request: FlowRequests;
  readonly routes: FlowRoutes;
  /**
   * How the gateway's own reads and records (the fleet, saved views, the watch) name this flow:
   * `{ flow: 'rem_omni' }` or `{ flow: 'meta', productId }` (lib/fleet-flow.ts).
   */
  readonly fleet: FleetFlowQuery;
  /** What the flow's setups are grouped under, in a sentence: "this flow", "this product". */
  readonly scopeWord: 'flow' | 'product';
  /** The product's name until its details answer (`product 7`); none for the Category Leaderboard. */
  readonly fallbackProductName?: string;
  /** The start of every cache key of this flow's answers. */
  readonly keyPrefix: readonly unknown[];
  /** A cache key under this flow: `[...keyPrefix, ...parts]`. */
  key(...parts: readonly unknown[]): readonly unknown[];
  /**
   * Every setup of a product runs on a schedule: its form always offers one and its details
   * show it. A Category Leaderboard setup has one only when it was given one.
   */
  readonly alwaysScheduled: boolean;
  /**
   * A failed call is told with the server's message (a notification, and what failed with
   * Retry in place); the Category Leaderboard shows the spec's own texts in place
   * (docs/requirements.md#setups-list-errors, docs/requirements.md#setup-actions-errors).
   */
  readonly tellsServerErrors: boolean;
  /** Where a row's actions open (docs/requirements.md#setup-actions). */
  readonly actionsIn: 'drawer' | 'dialog';
  /**
   * Where a client's name links: the Category Leaderboard's client dashboard once every retailer
   * completed, or the product's dashboard path once any step completed.
   */
  readonly dashboard: 'client' | 'product';
  /** List rows carry their browse nodes (per product): shown without another request. */
  readonly rowsCarryNodes: boolean;
}

function flowOps(side: 'remOmni' | 'meta'): FlowOps {
  return Object.fromEntries(
    Object.entries(SETUP_FLOW_OPS).map(([name, pair]) => [name, pair[side]]),
  ) as unknown as FlowOps;
}

const REM_OMNI_OPS = flowOps('remOmni');
const META_OPS = flowOps('meta');

function withKey(prefix: readonly unknown[]) {
  return {
    keyPrefix: prefix,
    key: (...parts: readonly unknown[]) => [...prefix, ...parts],
  };
}

export const REM_OMNI_FLOW: SetupFlow = Object.freeze({
  productId: null,
  ops: REM_OMNI_OPS,
  request: REM_OMNI_REQUESTS,
  routes: {
    list: (search?: string) =>
      routePath('remOmniSeeAll', undefined, search ? { search } : undefined),
    details: (setupId: number) => routePath('remOmniSetupDetail', { setupId }),
    edit: (setupId: number) => routePath('remOmniEditSetup', { setupId }),
    failures: () => routePath('remOmniFailures'),
    health: () => routePath('remOmniHealth'),
    addNew: () => routePath('remOmniAddNew'),
    clientForm: (clientId: number) => routePath('remOmniClient', undefined, { clientId }),
  },
  fleet: fleetFlowQuery(null),
  scopeWord: 'flow',
  ...withKey(['rem_omni']),
  alwaysScheduled: false,
  tellsServerErrors: false,
  actionsIn: 'drawer',
  dashboard: 'client',
  rowsCarryNodes: false,
});

function buildProductFlow(productId: number): SetupFlow {
  const id = productId;
  return Object.freeze({
    productId,
    ops: META_OPS,
    request: productRequests(productId),
    routes: {
      list: (search?: string) => routePath('seeAllSetup', { id }, search ? { search } : undefined),
      details: (setupId: number) => routePath('productSetupDetail', { id, setupId }),
      edit: (setupId: number) => routePath('productEditSetup', { id, setupId }),
      failures: () => routePath('productFailures', { id }),
      health: () => routePath('productHealth', { id }),
      addNew: () => routePath('productSetupType', { id }),
      clientForm: (clientId: number) => routePath('productClient', { id }, { clientId }),
    },
    fleet: fleetFlowQuery(productId),
    scopeWord: 'product',
    fallbackProductName: `product ${productId}`,
    ...withKey(['meta', productId]),
    alwaysScheduled: true,
    tellsServerErrors: true,
    actionsIn: 'dialog',
    dashboard: 'product',
    rowsCarryNodes: true,
  });
}

const productFlows = new Map<number, SetupFlow>();

/** One product's flow, built once per product (so it can sit in hooks' dependencies). */
export function productFlow(productId: number): SetupFlow {
  let flow = productFlows.get(productId);
  if (!flow) {
    flow = buildProductFlow(productId);
    productFlows.set(productId, flow);
  }
  return flow;
}
