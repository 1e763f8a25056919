/**
 * What each flow adds to the requests both flows make: the productId of a product's calls, the
 * marketshare flag of the Category Leaderboard's re-trigger and refresh. Read through the flow
 * descriptor (`flow.request`, lib/setup-flow.ts), always with `flow.ops` of the same flow.
 */
import type {
  SetupAddItem,
  SetupFlowOpName,
  SetupFlowOps,
  SetupRow,
  SetupUpdateItem,
} from '@onboarding/contracts';
import type { call } from './api-client';

/** The operation a flow calls for each paired call (`SETUP_FLOW_OPS`). */
export type FlowOps = { readonly [K in SetupFlowOpName]: SetupFlowOps[K][keyof SetupFlowOps[K]] };

/** What `call` takes for the flow's side of a paired call. */
type FlowInput<K extends SetupFlowOpName> = NonNullable<Parameters<typeof call<FlowOps[K]>>[1]>;

/** One page of the setups list, as both flows ask for it. */
export interface SetupPageBody {
  searchText: string;
  limit: number;
  offset: number;
}

export interface FlowRequests {
  allSetup(page: SetupPageBody): FlowInput<'allSetup'>;
  getRetailers(): FlowInput<'getRetailers'>;
  reTrigger(row: SetupRow): FlowInput<'reTrigger'>;
  refreshData(row: SetupRow): FlowInput<'refreshData'>;
  isClientExists(clientName: string): FlowInput<'isClientExists'>;
  addSetup(items: SetupAddItem[]): FlowInput<'addSetup'>;
  updateSetup(items: SetupUpdateItem[]): FlowInput<'updateSetup'>;
}

/** The fields of a row both flows' re-trigger sends. */
function reTriggerFields(row: SetupRow) {
  return {
    setupId: row.setupId,
    stepName: row.stepName ?? '',
    clientName: row.clientName,
    clientId: row.clientId,
    retailerId: row.retailerId,
    isNewClient: row.isNewClient,
  };
}

/** The fields of a row both flows' refresh sends. */
function refreshFields(row: SetupRow) {
  return {
    setupId: row.setupId,
    clientName: row.clientName,
    clientId: row.clientId,
    retailerId: row.retailerId,
    isNewClient: row.isNewClient,
  };
}

export const REM_OMNI_REQUESTS: FlowRequests = {
  allSetup: (page) => ({ body: page }),
  getRetailers: () => ({ body: {}, query: undefined }),
  reTrigger: (row) => ({
    body: { ...reTriggerFields(row), ismarketshareEnabled: row.ismarketshareEnabled },
  }),
  refreshData: (row) => ({
    body: { ...refreshFields(row), isMarketShareEnabled: row.ismarketshareEnabled },
  }),
  isClientExists: (clientName) => ({ body: { clientName } }),
  addSetup: (items) => ({ body: items }),
  updateSetup: (items) => ({ body: items }),
};

export function productRequests(productId: number): FlowRequests {
  return {
    allSetup: (page) => ({ body: { ...page, productId } }),
    getRetailers: () => ({ query: { productId: String(productId) }, body: {} }),
    reTrigger: (row) => ({ body: { ...reTriggerFields(row), productId } }),
    refreshData: (row) => ({
      body: { ...refreshFields(row), stepName: row.stepName ?? '', productId },
    }),
    isClientExists: (clientName) => ({ body: { clientName, productId } }),
    addSetup: (items) => ({ body: { productId, data: items } }),
    updateSetup: (items) => ({ body: { data: items, productId } }),
  };
}
