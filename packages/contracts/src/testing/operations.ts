import type { AnyOperation } from '../core/operation.js';
import { OPERATIONS } from '../registry.js';
import { fixtures } from './entities.js';

export interface ExampleRequest {
  query?: Record<string, string>;
  params?: Record<string, string>;
  body?: unknown;
}

const stepBody = {
  stepName: 'crawl_keywords',
  productId: 1,
  pollingDelay: 5,
  expectedExecutionTime: 30,
  triggerPayload: '{"job":"crawl"}',
  statusPayload: '{"requestId":"{{requestId}}"}',
  requestIdPath: 'data.requestId',
  statusPath: 'data.status',
  isPolling: true,
  isRefreshRequired: true,
  shouldRunOnAdd: false,
  shouldRunOnEdit: false,
  statusMap: '{"DONE":"completed"}',
};

const legacyBody = {
  clientName: 'Initech',
  startDate: '2026-11-01',
  avcDate: null,
  amsDate: null,
  currentStatus: 'onTrack',
  statusDetails: 'Kick-off done',
  expectedSignoffDate: '2026-12-20',
  modules: [{ id: 'ciqSales', name: 'CIQ Sales', regions: ['US'] }],
};

const message = { message: 'Done' };
const exists = [{ isClientExists: false }];

/** A valid request for every operation (ids refer to typical seeded data; adapt them to yours). */
const exampleRequests: Readonly<Record<string, ExampleRequest>> = {
  'session.config': {},
  'session.getAuthUrl': { body: fixtures.signInRequest() },
  'session.logout': { body: {} },
  'rem_omni.getRetailers': { body: {} },
  'rem_omni.allSetup': { body: { searchText: '', limit: 20, offset: 0 } },
  'rem_omni.browseNodes': { query: { setupId: '1' }, body: {} },
  'rem_omni.setupDetails': { body: { setupId: 1 } },
  'rem_omni.worflowData': { body: { setupId: 1 } },
  'rem_omni.reTrigger': {
    body: {
      setupId: 1,
      stepName: 'sti',
      clientName: 'acme foods',
      clientId: 1,
      retailerId: 4,
      isNewClient: false,
      ismarketshareEnabled: false,
    },
  },
  'rem_omni.refreshData': {
    body: {
      setupId: 1,
      clientName: 'acme foods',
      clientId: 1,
      retailerId: 4,
      isNewClient: false,
      isMarketShareEnabled: false,
    },
  },
  'rem_omni.searchBrowseNodes': {
    body: {
      searchText: 'snacks',
      page: 1,
      limit: 20,
      order: 'asc',
      retailerId: 4,
      nodeType: 'BSR',
    },
  },
  'rem_omni.isClientExists': { body: { clientName: 'acme foods' } },
  'rem_omni.addClient': { body: { clientName: 'new prospect', region: 'US' } },
  'rem_omni.addSetup': { body: [fixtures.setupAddItem()] },
  'rem_omni.updateSetup': { body: [fixtures.setupUpdateItem()] },
  'categoryanalytics.clients': { body: {} },
  'categoryanalytics.isProspectExists': { body: { clientName: 'new prospect' } },
  'meta.allSetup': { body: { searchText: '', limit: 20, offset: 0, productId: 1 } },
  'meta.isClientExists': { body: { clientName: 'acme foods', productId: 1 } },
  'meta.addSetup': {
    body: {
      productId: 1,
      data: [fixtures.setupAddItem({ isScheduled: true, schedule: fixtures.schedule() })],
    },
  },
  'meta.updateSetup': { body: { data: [fixtures.setupUpdateItem()], productId: 1 } },
  'meta.setupDetails': { body: { setupId: 1 } },
  'meta.browseNodes': { query: { setupId: '1' }, body: {} },
  'meta.workflowData': { body: { setupId: 1 } },
  'meta.reTrigger': {
    body: {
      setupId: 1,
      stepName: 'crawl_keywords',
      clientName: 'acme foods',
      clientId: 1,
      retailerId: 4,
      isNewClient: false,
      productId: 1,
    },
  },
  'meta.refreshData': {
    body: {
      setupId: 1,
      stepName: 'crawl_keywords',
      clientName: 'acme foods',
      clientId: 1,
      retailerId: 4,
      isNewClient: false,
      productId: 1,
    },
  },
  'meta.getRetailers': { query: { productId: '1' }, body: {} },
  'product_register.productList': { body: {} },
  'product_register.productDetails': { query: { productId: '1' }, body: {} },
  'product_register.registerProduct': {
    body: { productName: 'Digital Shelf', productPath: '/dashboard/walmart/digital-shelf' },
  },
  'product_register.updateProduct': {
    body: {
      productId: 1,
      productName: 'Share of Voice',
      productPath: '/dashboard/amazon/share-of-voice',
    },
  },
  'product_register.stepList': { query: { productId: '1' }, body: {} },
  'product_register.updateStepOrder': {
    query: { productId: '1' },
    body: { stepData: [{ id: 1, order: 1 }], stepToDelete: [] },
  },
  'product_register.stepDetail': { query: { stepId: '1' }, body: {} },
  'product_register.registerStep': { body: stepBody },
  'product_register.updateStep': { query: { stepId: '1' }, body: stepBody },
  'llm.getAll': {},
  'llm.get': { params: { id: '1' } },
  'llm.getAllClients': {},
  'llm.add': {
    body: {
      clientId: 1,
      prompt: 'Describe {{brand}} performance.',
      clientName: 'Common',
      businessContext: 'Quarterly review',
      metadata: { name: 'Brand performance', variables: { brand: 'Acme' } },
    },
  },
  'llm.update': {
    body: {
      newPrompt: 'Describe {{brand}} performance in {{month}}.',
      newBusinessContext: '',
      promptId: 1,
      metadata: { name: 'Brand performance', variables: { brand: 'Acme', month: 'May' } },
    },
  },
  'llm.delete': { params: { id: '1' }, body: {} },
  'customersetup.ongoing': { body: { searchText: '', limit: 20, offset: 0 } },
  'customersetup.completed': { body: {} },
  'customersetup.status': { body: {} },
  'customersetup.isClientExists': { body: { clientName: 'initech' } },
  'customersetup.addNewSetup': { body: legacyBody },
  'customersetup.getSetup': { body: { setupId: 1 } },
  'customersetup.editSetup': { body: { ...legacyBody, setupId: 1 } },
};

/** A valid upstream answer for every operation, for fault servers and client tests. */
const exampleResponses: Readonly<Record<string, unknown>> = {
  'session.config': fixtures.sessionConfig(),
  'session.getAuthUrl': 'http://localhost:4010/oidc/auth?client_id=onboarding-console',
  'session.logout': 'http://localhost:4010/oidc/session/end',
  'rem_omni.getRetailers': { data: [fixtures.retailerGroup()] },
  'rem_omni.allSetup': [fixtures.setupRow()],
  'rem_omni.browseNodes': fixtures.browseNodesResponse(),
  'rem_omni.setupDetails': fixtures.setupDetails(),
  'rem_omni.worflowData': fixtures.workflowResponse(),
  'rem_omni.reTrigger': message,
  'rem_omni.refreshData': message,
  'rem_omni.searchBrowseNodes': fixtures.searchBrowseNodesResponse(),
  'rem_omni.isClientExists': exists,
  'rem_omni.addClient': { clientId: 9001 },
  'rem_omni.addSetup': message,
  'rem_omni.updateSetup': message,
  'categoryanalytics.clients': [fixtures.clientOption()],
  'categoryanalytics.isProspectExists': exists,
  'meta.allSetup': [fixtures.setupRow()],
  'meta.isClientExists': exists,
  'meta.addSetup': message,
  'meta.updateSetup': message,
  'meta.setupDetails': fixtures.setupDetails(),
  'meta.browseNodes': fixtures.browseNodesResponse(),
  'meta.workflowData': fixtures.workflowResponse(),
  'meta.reTrigger': message,
  'meta.refreshData': message,
  'meta.getRetailers': { data: [fixtures.retailerGroup()] },
  'product_register.productList': { products: [fixtures.product()] },
  'product_register.productDetails': { productDetails: fixtures.product() },
  'product_register.registerProduct': message,
  'product_register.updateProduct': message,
  'product_register.stepList': { steps: [fixtures.step()] },
  'product_register.updateStepOrder': message,
  'product_register.stepDetail': { stepDetail: fixtures.step() },
  'product_register.registerStep': message,
  'product_register.updateStep': message,
  'llm.getAll': [fixtures.prompt()],
  'llm.get': fixtures.prompt(),
  'llm.getAllClients': [fixtures.promptClientOption()],
  'llm.add': message,
  'llm.update': message,
  'llm.delete': message,
  'customersetup.ongoing': [fixtures.legacySetup()],
  'customersetup.completed': [fixtures.legacySetup({ currentStatus: 'completed' })],
  'customersetup.status': [
    fixtures.statusOption(),
    fixtures.statusOption({ id: 'completed', name: 'Completed' }),
  ],
  'customersetup.isClientExists': exists,
  'customersetup.addNewSetup': message,
  'customersetup.getSetup': fixtures.legacySetup(),
  'customersetup.editSetup': message,
};

export function exampleRequest(op: AnyOperation): ExampleRequest {
  const example = exampleRequests[op.id];
  if (!example) throw new Error(`No example request for ${op.id}`);
  return example;
}

export function exampleResponse(op: AnyOperation): unknown {
  if (!(op.id in exampleResponses)) throw new Error(`No example response for ${op.id}`);
  return exampleResponses[op.id];
}

/** Every operation has an example of each kind (checked by the contracts' own tests). */
export const operationsWithoutExamples = (): string[] =>
  OPERATIONS.filter((op) => !(op.id in exampleRequests) || !(op.id in exampleResponses)).map(
    (op) => op.id,
  );
