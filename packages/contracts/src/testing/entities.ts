import type { z } from '../core/zod.js';
import {
  BrowseNodeSchema,
  BrowseNodesResponseSchema,
  ClientOptionSchema,
  NodeMappingSchema,
  RetailerGroupSchema,
  RetailerSchema,
  ScheduleSchema,
  SearchBrowseNodesResponseSchema,
  SearchNodeSchema,
  SetupAddItemSchema,
  SetupDetailsResponseSchema,
  SetupRowSchema,
  SetupUpdateItemSchema,
  WorkflowEntrySchema,
  WorkflowResponseSchema,
} from '../rem-omni/entities.js';
import { ProductSchema, StepSchema } from '../product-register/entities.js';
import { SETUP_ADD_EXAMPLE, SETUP_UPDATE_EXAMPLE } from '../rem-omni/operations.js';
import { PromptClientOptionSchema, PromptSchema } from '../llm/entities.js';
import { LegacySetupSchema, ModuleSchema, StatusOptionSchema } from '../legacy/entities.js';
import { SessionConfigSchema, SignInRequestSchema } from '../session/operations.js';
import {
  FleetFailuresSchema,
  FleetHealthSchema,
  FleetMatchingSchema,
  FleetSetupsSchema,
  FleetSnapshotSchema,
  SetupForecastSchema,
} from '../fleet/entities.js';
import {
  DefaultViewSchema,
  FleetListSchema,
  SavedViewSchema,
  SavedViewsSchema,
} from '../views/entities.js';
import {
  WatchFailedEventSchema,
  WatchLiveEventSchema,
  WatchRecoveredEventSchema,
  WatchStateSchema,
} from '../watch/entities.js';

/**
 * A factory whose result always passes its schema: defaults merged with overrides, then
 * parsed (so a wrong default fails loudly at the first call, and in the contracts' tests).
 */
function factory<S extends z.ZodMiniType>(schema: S, defaults: () => Record<string, unknown>) {
  const make = (overrides: Partial<z.input<S>> = {}): z.output<S> =>
    schema.parse({ ...defaults(), ...(overrides as object) });
  // The schema and the raw defaults ride along so a test can check that the schema reads the
  // defaults back whole (a field it drops would otherwise vanish unseen from every fixture).
  return Object.assign(make, { schema, defaults });
}

const NOW = '2026-11-20T09:30:00.000Z';

/** The state, age and progress of a ready snapshot, as every fleet answer carries them. */
const fleetStatusDefaults = () => ({
  state: 'ready',
  takenAt: NOW,
  ageSeconds: 12,
  refreshing: false,
  progress: { read: 1, total: 1 },
  error: null,
});

/** Setup 101 of fleetSnapshot as fleet.setups and the fleet list answer it, less its forecast. */
const fleetSetup101 = () => ({
  setupId: 101,
  clientName: 'acme foods',
  clientId: 5001,
  isNewClient: true,
  rows: [
    {
      retailerId: 4,
      retailerName: 'Amazon',
      status: 'IN_PROGRESS',
      stepName: 'sti',
      ismarketshareEnabled: false,
    },
  ],
});

/** Setup 101's forecast in the default snapshot: running, its next step (sti) not measured. */
const forecast101 = () => ({
  setupId: 101,
  clientName: 'acme foods',
  state: 'running',
  liveBy: null,
  failedStep: null,
  slow: [],
  unmeasured: ['sti'],
});

/** Setup 101 as fleet.setups and fleet.matching answer it, with its dates and forecast. */
const setup101WithForecast = () => ({
  ...fleetSetup101(),
  startedAt: '2026-11-01T10:00:00.000Z',
  lastChangeAt: '2026-11-01T10:40:00.000Z',
  forecast: forecast101(),
});

/** fleetSnapshot's defaults, which fleetHealth's are drawn from. */
function fleetSnapshotDefaults() {
  return {
    ...fleetStatusDefaults(),
    flows: [{ flow: 'rem_omni', productId: null, name: 'Category Leaderboard', setups: 1 }],
    metrics: {
      steps: ['crawling', 'sti'],
      setups: 1,
      rows: 1,
      pipelineRuns: 1,
      setupsByStep: [{ stepName: 'sti', status: 'IN_PROGRESS', setups: 1, setupIds: [101] }],
      durations: [
        {
          stepName: 'crawling',
          n: 1,
          p50Ms: 60_000,
          p90Ms: 60_000,
          runs: 1,
          failures: 0,
          expectedMs: null,
        },
        { stepName: 'sti', n: 0, p50Ms: null, p90Ms: null, runs: 1, failures: 0, expectedMs: null },
      ],
      durationsByRetailer: [],
      waits: [{ stepName: 'crawling', n: 1, p50Ms: 1000, p90Ms: 1000 }],
      failuresByWeek: [],
      reTriggers: [],
      retailerSteps: [
        {
          retailerId: 4,
          retailerName: 'Amazon',
          stepName: 'crawling',
          status: 'completed',
          count: 1,
          setupIds: [101],
        },
        {
          retailerId: 4,
          retailerName: 'Amazon',
          stepName: 'sti',
          status: 'in_progress',
          count: 1,
          setupIds: [101],
        },
      ],
      forecasts: [forecast101()],
      failures: [],
    },
  };
}

function savedViewDefaults() {
  return {
    id: 'v-1',
    name: 'Failed at STI on Amazon',
    flow: 'rem_omni',
    productId: null,
    filters: { status: ['FAILED'], step: ['sti'], retailer: [4] },
    pinned: false,
    createdAt: NOW,
    updatedAt: NOW,
  };
}

export const fixtures = {
  setupRow: factory(SetupRowSchema, () => ({
    setupId: 101,
    clientName: 'acme foods',
    clientId: 5001,
    retailerId: 4,
    retailerName: 'Amazon',
    isNewClient: false,
    ismarketshareEnabled: false,
    status: 'COMPLETED',
    stepName: 'sov_wf',
    totalRecords: 1,
  })),
  retailer: factory(RetailerSchema, () => ({ retailerId: 4, retailerName: 'Amazon' })),
  retailerGroup: factory(RetailerGroupSchema, () => ({
    projectSource: 'REM',
    data: [
      { retailerId: 4, retailerName: 'Amazon' },
      { retailerId: 7, retailerName: 'Walmart' },
    ],
  })),
  browseNode: factory(BrowseNodeSchema, () => ({
    taxonomyId: '16310101',
    nodeId: 16310101,
    nodePath: 'Grocery > Snacks',
    nodeLeaf: false,
  })),
  nodeMapping: factory(NodeMappingSchema, () => ({
    retailerId: 4,
    parentId: 16310101,
    id: 16310101,
  })),
  browseNodesResponse: factory(BrowseNodesResponseSchema, () => ({
    data: {
      mapping: [
        { retailerId: 4, parentId: 16310101, id: 16310101 },
        { retailerId: 4, parentId: 16310101, id: 16310102 },
      ],
      browseNodes: [
        { taxonomyId: '16310101', nodeId: 16310101, nodePath: 'Grocery > Snacks', nodeLeaf: false },
        {
          taxonomyId: '16310102',
          nodeId: 16310102,
          nodePath: 'Grocery > Snacks > Chips',
          nodeLeaf: true,
        },
      ],
    },
  })),
  searchNode: factory(SearchNodeSchema, () => ({
    id: 16310101,
    nodePath: 'Grocery > Snacks',
    taxonomyId: '16310101',
    childNodes: [{ id: 16310102, nodePath: 'Grocery > Snacks > Chips', taxonomyId: '16310102' }],
  })),
  searchBrowseNodesResponse: factory(SearchBrowseNodesResponseSchema, () => ({
    total: 1,
    nodes: [
      {
        id: 16310101,
        nodePath: 'Grocery > Snacks',
        childNodes: [{ id: 16310102, nodePath: 'Grocery > Snacks > Chips' }],
      },
    ],
  })),
  schedule: factory(ScheduleSchema, () => ({
    freq: 'WEEKLY',
    byweekday: ['WE'],
    interval: 1,
    startTime: '05:30',
    startDate: '2026-11-25',
  })),
  // The operations' documented examples are the fixtures' defaults (parse hands out a copy).
  setupAddItem: factory(SetupAddItemSchema, () => SETUP_ADD_EXAMPLE),
  setupUpdateItem: factory(SetupUpdateItemSchema, () => SETUP_UPDATE_EXAMPLE),
  setupDetails: factory(SetupDetailsResponseSchema, () => ({
    clientDetails: {
      clientName: 'acme foods',
      clientId: 5001,
      isNewClient: false,
      region: 'US',
      createdat: NOW,
      updatedat: NOW,
      setupId: 101,
    },
    brandsDetails: { brands: ['Acme'] },
    retailers: [{ retailerId: 4, retailerName: 'Amazon', isMarketShareEnabled: false }],
    scheduleDetails: [],
  })),
  workflowEntry: factory(WorkflowEntrySchema, () => ({
    stepName: 'crawling',
    status: 'completed',
    retailerId: 4,
    ismarketshareEnabled: false,
    updatedat: NOW,
    requestedby: 'operator@example.com',
    statusPayload: null,
  })),
  workflowResponse: factory(WorkflowResponseSchema, () => ({
    currentWorkflow: [
      {
        stepName: 'crawling',
        status: 'in_progress',
        retailerId: 4,
        ismarketshareEnabled: false,
        updatedat: NOW,
        requestedby: 'operator@example.com',
        statusPayload: null,
      },
    ],
    historyWorkflow: [],
  })),
  clientOption: factory(ClientOptionSchema, () => ({ value: 5001, name: 'Acme Foods' })),
  product: factory(ProductSchema, () => ({
    productId: 1,
    productName: 'Share of Voice',
    productPath: '/dashboard/amazon/share-of-voice',
  })),
  step: factory(StepSchema, () => ({
    stepId: 11,
    productId: 1,
    stepName: 'crawl_keywords',
    stepOrder: 1,
    pollingDelay: 5,
    expectedExecutionTime: 30,
    triggerPayload: '{"job":"crawl","client":"{{clientId}}"}',
    statusPayload: '{"requestId":"{{requestId}}"}',
    requestIdPath: 'data.requestId',
    statusPath: 'data.status',
    statusMap: '{"DONE":"completed","ERROR":"failed","RUNNING":"in_progress"}',
    isPolling: true,
    isRefreshRequired: true,
    shouldRunOnAdd: false,
    shouldRunOnEdit: false,
  })),
  prompt: factory(PromptSchema, () => ({
    prompt_id: 1,
    client_id: 1,
    client: 'Common',
    prompt: 'Summarise {{category}} sales for {{retailer}}.',
    business_context: null,
    metadata: { name: 'Category summary', variables: { category: 'Snacks', retailer: 'Amazon' } },
    created_at: NOW,
    updated_at: NOW,
  })),
  promptClientOption: factory(PromptClientOptionSchema, () => ({ client_id: 1, client: 'Common' })),
  module: factory(ModuleSchema, () => ({
    id: 'ciqSales',
    name: 'CIQ Sales',
    regions: ['US', 'CA'],
  })),
  legacySetup: factory(LegacySetupSchema, () => ({
    setupId: 301,
    clientName: 'Globex',
    startDate: '2026-10-01',
    avcDate: '2026-10-10',
    amsDate: null,
    currentStatus: 'onTrack',
    statusDetails: 'Waiting for AMS access',
    expectedSignoffDate: '2026-12-15',
    modules: [{ id: 'ciqSales', name: 'CIQ Sales', regions: ['US'] }],
    createdBy: 'operator@example.com',
    updatedBy: null,
    updatedat: NOW,
    totalRecords: 1,
  })),
  statusOption: factory(StatusOptionSchema, () => ({ id: 'onTrack', name: 'On Track' })),
  signInRequest: factory(SignInRequestSchema, () => ({
    currentUrl: '/rem_omni/see_all',
    email: 'operator@example.com',
  })),
  sessionConfig: factory(SessionConfigSchema, () => ({
    user: { email: 'operator@example.com' },
    dashboardBaseUrl: 'http://localhost:4010/dashboard',
  })),
  /** A ready snapshot of a Category Leaderboard fleet of one running setup. */
  fleetSnapshot: factory(FleetSnapshotSchema, fleetSnapshotDefaults),
  /** The fleet.health answer of fleetSnapshot's fleet: its metrics without forecasts, failures. */
  fleetHealth: factory(FleetHealthSchema, () => {
    const { metrics, ...rest } = fleetSnapshotDefaults();
    // The schema's parse would drop them too; spelt out so the default reads as the answer.
    const { forecasts: _forecasts, failures: _failures, ...health } = metrics;
    const withoutIds = <T extends { setupIds: number[] }>({ setupIds: _ids, ...bar }: T) => bar;
    return {
      ...rest,
      metrics: {
        ...health,
        setupsByStep: health.setupsByStep.map(withoutIds),
        setupsAtStep: [{ stepName: 'sti', setups: 1 }],
        failuresByWeek: [],
        retailerSteps: health.retailerSteps.map(withoutIds),
      },
    };
  }),
  /** A running setup's forecast with no date yet (no step measured, none ahead unmeasured). */
  setupForecast: factory(SetupForecastSchema, () => ({ ...forecast101(), unmeasured: [] })),
  /** The fleet.setups answer for setup 101 of fleetSnapshot. */
  fleetSetups: factory(FleetSetupsSchema, () => ({
    ...fleetStatusDefaults(),
    setups: [setup101WithForecast()],
    missing: [],
  })),
  /** The fleet.matching page of fleetSnapshot's one bar: setup 101. */
  fleetMatching: factory(FleetMatchingSchema, () => ({
    ...fleetStatusDefaults(),
    total: 1,
    setups: [setup101WithForecast()],
  })),
  /** The fleet.failures answer of a fleet with one failed setup × retailer. */
  fleetFailures: factory(FleetFailuresSchema, () => ({
    ...fleetStatusDefaults(),
    steps: ['crawling', 'sti'],
    failures: [
      {
        setupId: 102,
        clientName: 'birch goods',
        clientId: 202,
        isNewClient: false,
        retailerId: 4,
        retailerName: 'Amazon',
        ismarketshareEnabled: true,
        stepName: 'sti',
        message: 'STI job timed out',
        failedAt: NOW,
      },
    ],
  })),
  /** A watch event: setup 102's Amazon row failed at STI (the fleetFailures one). */
  watchFailed: factory(WatchFailedEventSchema, () => ({
    type: 'failed',
    sequence: 1,
    at: NOW,
    flow: 'rem_omni',
    productId: null,
    setupId: 102,
    clientName: 'birch goods',
    retailerId: 4,
    retailerName: 'Amazon',
    stepName: 'sti',
    reason: 'STI job timed out',
  })),
  /** A watch event: setup 102's Amazon row no longer failed. */
  watchRecovered: factory(WatchRecoveredEventSchema, () => ({
    type: 'recovered',
    sequence: 2,
    at: NOW,
    flow: 'rem_omni',
    productId: null,
    setupId: 102,
    clientName: 'birch goods',
    retailerId: 4,
    retailerName: 'Amazon',
    stepName: 'sti',
    status: 'RUNNING',
  })),
  /** A watch event: setup 101 went live on its one retailer. */
  watchLive: factory(WatchLiveEventSchema, () => ({
    type: 'live',
    sequence: 3,
    at: NOW,
    flow: 'rem_omni',
    productId: null,
    setupId: 101,
    clientName: 'acme foods',
    retailers: 1,
  })),
  /** watch.state for an operator who has seen the first of three events. */
  watchState: factory(WatchStateSchema, () => ({
    latest: 3,
    oldest: 1,
    seen: 1,
    replayFrom: null,
    gap: false,
  })),
  /** A saved view of operator@example.com: Category Leaderboard rows failed at STI on Amazon. */
  savedView: factory(SavedViewSchema, savedViewDefaults),
  /** The views.list answer: savedView, matching one setup of the snapshot (fleetFailures' 102). */
  savedViews: factory(SavedViewsSchema, () => ({
    views: [{ ...savedViewDefaults(), count: 1 }],
  })),
  /** The views.defaultView answer of a flow with no pinned view. */
  defaultView: factory(DefaultViewSchema, () => ({ view: null })),
  /** The views.fleetList answer: fleetSetups' one setup, the only match. */
  fleetList: factory(FleetListSchema, () => ({
    ...fleetStatusDefaults(),
    total: 1,
    setups: [{ ...fleetSetup101(), forecast: null }],
  })),
};
