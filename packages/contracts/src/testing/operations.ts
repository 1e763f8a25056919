import type { AnyOperation, ExampleRequest } from '../core/operation.js';
import { OPERATIONS } from '../registry.js';
import { fixtures } from './entities.js';

const message = { message: 'Done' };
/** A workflow whose step is FAILED where the example re-trigger asks (the gateway reads it first). */
const failedAt = (stepName: string) =>
  fixtures.workflowResponse({
    currentWorkflow: [
      ...fixtures.workflowResponse().currentWorkflow,
      fixtures.workflowEntry({ stepName, status: 'failed' }),
    ],
  });
const exists = [{ isClientExists: false }];

/** A valid upstream answer for every operation, for fault servers and client tests. */
const exampleResponses: Readonly<Record<string, unknown>> = {
  'session.config': fixtures.sessionConfig(),
  'session.getAuthUrl': 'http://localhost:4010/oidc/auth?client_id=onboarding-console',
  'session.logout': 'http://localhost:4010/oidc/session/end',
  'fleet.snapshot': fixtures.fleetSnapshot(),
  'fleet.setups': fixtures.fleetSetups(),
  'fleet.failures': fixtures.fleetFailures(),
  'fleet.matching': fixtures.fleetMatching(),
  'fleet.health': fixtures.fleetHealth(),
  'watch.stream': fixtures.watchFailed(),
  'watch.state': fixtures.watchState(),
  'watch.seen': { seen: 42 },
  'watch.watched': { watched: [{ flow: 'rem_omni', productId: null, setupId: 101 }] },
  'watch.watch': { watched: [{ flow: 'rem_omni', productId: null, setupId: 101 }] },
  'watch.unwatch': { watched: [] },
  'views.list': fixtures.savedViews(),
  'views.create': fixtures.savedView(),
  'views.update': fixtures.savedView(),
  'views.remove': { id: 'v-1' },
  'views.defaultView': fixtures.defaultView(),
  'views.fleetList': fixtures.fleetList(),
  'rem_omni.getRetailers': { data: [fixtures.retailerGroup()] },
  'rem_omni.allSetup': [fixtures.setupRow()],
  'rem_omni.browseNodes': fixtures.browseNodesResponse(),
  'rem_omni.setupDetails': fixtures.setupDetails(),
  'rem_omni.worflowData': failedAt('sti'),
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
  'meta.workflowData': failedAt('crawl_keywords'),
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

/** The operation's example request, declared beside its schemas. */
export function exampleRequest(op: AnyOperation): ExampleRequest {
  return op.example;
}

export function exampleResponse(op: AnyOperation): unknown {
  if (!(op.id in exampleResponses)) throw new Error(`No example response for ${op.id}`);
  return exampleResponses[op.id];
}

/** Every operation has an example answer (checked by the contracts' own tests). */
export const operationsWithoutExamples = (): string[] =>
  OPERATIONS.filter((op) => !(op.id in exampleResponses)).map((op) => op.id);
