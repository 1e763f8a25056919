import {
  type categoryAnalyticsOps,
  type metaOps,
  type productRegisterOps,
  type remOmniOps,
} from '@onboarding/contracts';
import type { SandboxContext } from '../context.js';
import { notFound } from '../http/errors.js';
import type { HandlerMap } from '../http/operations.js';
import { BrowseNodeStore } from './browse-nodes.js';
import { ClientStore } from './clients.js';
import { ProductStore } from './products.js';
import { retailerGroups } from './retailers.js';
import { SetupStore } from './setups.js';

const CL = { productId: null } as const;

/** The requester of a workflow action: the body's requestedBy, else the forwarded operator. */
const requester = (body: { requestedBy?: string | undefined }, userEmail: string | undefined) =>
  body.requestedBy?.trim() || userEmail || 'system';

export function remOmniHandlers(ctx: SandboxContext): HandlerMap<typeof remOmniOps> {
  const setups = new SetupStore(ctx);
  const nodes = new BrowseNodeStore(ctx.db);
  const clients = new ClientStore(ctx.db);
  return {
    getRetailers: () => retailerGroups(ctx.db),
    allSetup: ({ body }) => setups.list(CL, body),
    browseNodes: ({ query }) => setups.browseNodes(CL, query.setupId),
    setupDetails: ({ body }) => setups.details(CL, body.setupId),
    worflowData: ({ body }) => setups.workflow(CL, body.setupId),
    reTrigger: ({ body, userEmail }) => ({
      message: setups.reTrigger(CL, { ...body, requestedBy: requester(body, userEmail) }),
    }),
    refreshData: ({ body, userEmail }) => ({
      message: setups.refresh(CL, { ...body, requestedBy: requester(body, userEmail) }),
    }),
    searchBrowseNodes: ({ body }) => nodes.search(body),
    isClientExists: ({ body }) => [{ isClientExists: setups.exists(CL, body.clientName) }],
    addClient: ({ body }) => ({ clientId: clients.addProspect(body.clientName, body.region) }),
    addSetup: ({ body, userEmail }) => ({ message: setups.add(CL, body, userEmail) }),
    updateSetup: ({ body, userEmail }) => ({ message: setups.update(CL, body, userEmail) }),
  };
}

export function categoryAnalyticsHandlers(
  ctx: SandboxContext,
): HandlerMap<typeof categoryAnalyticsOps> {
  const clients = new ClientStore(ctx.db);
  return {
    clients: () => clients.existing(),
    isProspectExists: ({ body }) => [{ isClientExists: clients.exists(body.clientName) }],
  };
}

export function metaHandlers(ctx: SandboxContext): HandlerMap<typeof metaOps> {
  const setups = new SetupStore(ctx);
  const products = new ProductStore(ctx.db);
  /** The scope of a product that must exist. */
  const scope = (productId: number) => ({ productId: products.get(productId).productId });
  /** A per-product setup belongs to its product; the scope is read from the setup. */
  const scopeOfSetup = (setupId: number) => {
    const row = ctx.db
      .prepare<[number], { product_id: number | null }>(
        'SELECT product_id FROM setups WHERE setup_id = ?',
      )
      .get(setupId);
    if (!row || row.product_id === null) {
      throw notFound(`Setup ${setupId} is not a per-product setup`);
    }
    return { productId: row.product_id };
  };
  return {
    allSetup: ({ body }) => setups.list(scope(body.productId), body),
    isClientExists: ({ body }) => [
      { isClientExists: setups.exists(scope(body.productId), body.clientName) },
    ],
    addSetup: ({ body, userEmail }) => ({
      message: setups.add(scope(body.productId), body.data, userEmail),
    }),
    updateSetup: ({ body, userEmail }) => ({
      message: setups.update(scope(body.productId), body.data, userEmail),
    }),
    setupDetails: ({ body }) => setups.details(scopeOfSetup(body.setupId), body.setupId),
    browseNodes: ({ query }) => setups.browseNodes(scopeOfSetup(query.setupId), query.setupId),
    workflowData: ({ body }) => setups.workflow(scopeOfSetup(body.setupId), body.setupId),
    reTrigger: ({ body, userEmail }) => ({
      message: setups.reTrigger(scope(body.productId), {
        ...body,
        requestedBy: requester(body, userEmail),
      }),
    }),
    refreshData: ({ body, userEmail }) => ({
      message: setups.refresh(scope(body.productId), {
        ...body,
        requestedBy: requester(body, userEmail),
      }),
    }),
    getRetailers: ({ query }) => retailerGroups(ctx.db, products.get(query.productId).productPath),
  };
}

export function productRegisterHandlers(
  ctx: SandboxContext,
): HandlerMap<typeof productRegisterOps> {
  const products = new ProductStore(ctx.db);
  return {
    productList: () => ({ products: products.list() }),
    productDetails: ({ query }) => ({ productDetails: products.get(query.productId) }),
    registerProduct: ({ body }) => {
      const id = products.register(body.productName, body.productPath);
      return { message: `Product ${body.productName} registered`, productId: id };
    },
    updateProduct: ({ body }) => {
      products.update(body.productId, body.productName, body.productPath);
      return { message: `Product ${body.productName} updated` };
    },
    stepList: ({ query }) => ({ steps: products.steps(query.productId) }),
    updateStepOrder: ({ query, body }) => {
      const { kept, deleted } = products.reorder(query.productId, body.stepData, body.stepToDelete);
      const removed = deleted > 0 ? `, ${deleted} deleted` : '';
      return { message: `Step order saved: ${kept} steps${removed}` };
    },
    stepDetail: ({ query }) => ({ stepDetail: products.step(query.stepId) }),
    registerStep: ({ body }) => {
      const id = products.registerStep(body);
      return { message: `Step ${body.stepName} registered`, stepId: id };
    },
    updateStep: ({ query, body }) => {
      products.updateStep(query.stepId, body);
      return { message: `Step ${body.stepName} updated` };
    },
  };
}
