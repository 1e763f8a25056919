import { z } from '../core/zod.js';
import { EmptyBodySchema, defineArea, QueryIntIdSchema } from '../core/operation.js';
import { NODE_SEARCH_NODE_TYPE } from '../core/constants.js';
import {
  ClientNameQuerySchema,
  ExistsResponseSchema,
  IdSchema,
  LimitSchema,
  MessageResponseSchema,
  OffsetSchema,
  plainText,
  ReTriggerStepSchema,
  SearchTextSchema,
  SessionIdentitySchema,
} from '../common/fields.js';
import { SetupRegionSchema } from '../enums.js';
import {
  AddClientResponseSchema,
  BrowseNodesResponseSchema,
  RetailersResponseSchema,
  SearchBrowseNodesResponseSchema,
  SetupAddItemSchema,
  SetupDetailsResponseSchema,
  SetupRowSchema,
  SetupUpdateItemSchema,
  WorkflowResponseSchema,
} from './entities.js';

export const SetupIdBodySchema = z.strictObject({ setupId: IdSchema });
export const SetupIdQuerySchema = z.strictObject({ setupId: QueryIntIdSchema });

/** Example setup items of the add and update calls, per-product ones included (API docs). */
export const SETUP_ADD_EXAMPLE = {
  retailerId: 4,
  browseNodes: [{ parent_id: 16310101, id: 16310102 }],
  nodeDetails: ['16310102'],
  isNewClient: true,
  clientName: 'acme foods',
  clientId: 5001,
  brands: ['Acme', 'Acme Kids'],
  isMarketShareEnabled: false,
  schedule: null,
  isScheduled: false,
};
export const SETUP_UPDATE_EXAMPLE = {
  retailerId: 4,
  browseNodes: [{ parent_id: 16310101, id: 16310102 }],
  nodeDetails: ['16310102'],
  isNewClient: false,
  clientName: 'acme foods',
  clientId: 5001,
  brands: ['Acme'],
  isMarketShareEnabled: false,
  schedule: null,
  setupId: 101,
  isEdit: true,
  isBrandsUpdate: true,
  isScheduleUpdate: false,
  isScheduleRemove: false,
};

export const remOmniOps = defineArea(
  { area: 'rem_omni', service: 'customer-setup' },
  {
    getRetailers: {
      summary: 'Retailers in their groups (REM, MARKETSHARE)',
      body: EmptyBodySchema,
      example: { body: {} },
      response: RetailersResponseSchema,
      idempotent: true,
    },
    allSetup: {
      summary: 'One page of Category Leaderboard setups (one row per setup and retailer)',
      body: z.strictObject({
        searchText: SearchTextSchema,
        limit: LimitSchema,
        offset: OffsetSchema,
      }),
      example: { body: { searchText: '', limit: 20, offset: 0 } },
      response: z.array(SetupRowSchema),
      idempotent: true,
    },
    browseNodes: {
      summary: "A setup's browse nodes and their parent/child mapping",
      query: SetupIdQuerySchema,
      body: EmptyBodySchema,
      example: { query: { setupId: '1' }, body: {} },
      response: BrowseNodesResponseSchema,
      idempotent: true,
    },
    setupDetails: {
      summary: "A setup's client details, brands, retailers and schedule",
      body: SetupIdBodySchema,
      example: { body: { setupId: 1 } },
      response: SetupDetailsResponseSchema,
      idempotent: true,
    },
    worflowData: {
      summary: "A setup's current workflow and its history (the upstream's own spelling)",
      body: SetupIdBodySchema,
      example: { body: { setupId: 1 } },
      response: WorkflowResponseSchema,
      idempotent: true,
    },
    reTrigger: {
      summary: 'Re-run a failed step for one retailer (not ncs_client_db_setup)',
      body: z.strictObject({
        setupId: IdSchema,
        stepName: ReTriggerStepSchema,
        clientName: plainText().check(z.maxLength(100)),
        clientId: IdSchema,
        retailerId: IdSchema,
        isNewClient: z.boolean(),
        ismarketshareEnabled: z.boolean(),
        requestedBy: SessionIdentitySchema,
      }),
      example: {
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
      response: MessageResponseSchema,
      identity: ['requestedBy'],
    },
    refreshData: {
      summary: 'Re-run the whole workflow of a completed setup for one retailer',
      body: z.strictObject({
        setupId: IdSchema,
        clientName: plainText().check(z.maxLength(100)),
        clientId: IdSchema,
        retailerId: IdSchema,
        isNewClient: z.boolean(),
        isMarketShareEnabled: z.boolean(),
        requestedBy: SessionIdentitySchema,
      }),
      example: {
        body: {
          setupId: 1,
          clientName: 'acme foods',
          clientId: 1,
          retailerId: 4,
          isNewClient: false,
          isMarketShareEnabled: false,
        },
      },
      response: MessageResponseSchema,
      identity: ['requestedBy'],
    },
    searchBrowseNodes: {
      summary: "Search a retailer's browse nodes by path (paged, each result with its children)",
      body: z.strictObject({
        searchText: plainText().check(z.trim(), z.minLength(1), z.maxLength(200)),
        page: z.number().check(z.int(), z.gte(1), z.lte(10_000)),
        limit: z.number().check(z.int(), z.gte(1), z.lte(100)),
        order: z.enum(['asc', 'desc']),
        retailerId: IdSchema,
        nodeType: z.literal(NODE_SEARCH_NODE_TYPE),
      }),
      example: {
        body: {
          searchText: 'snacks',
          page: 1,
          limit: 20,
          order: 'asc',
          retailerId: 4,
          nodeType: 'BSR',
        },
      },
      response: SearchBrowseNodesResponseSchema,
      idempotent: true,
    },
    isClientExists: {
      summary: 'Whether a Category Leaderboard setup already exists for a client',
      body: z.strictObject({ clientName: ClientNameQuerySchema }),
      example: { body: { clientName: 'acme foods' } },
      response: ExistsResponseSchema,
      idempotent: true,
    },
    addClient: {
      summary: 'Register a prospect as a client before its setup is added',
      body: z.strictObject({ clientName: ClientNameQuerySchema, region: SetupRegionSchema }),
      example: { body: { clientName: 'new prospect', region: 'US' } },
      response: AddClientResponseSchema,
    },
    addSetup: {
      summary: 'Create a setup: one item per retailer',
      body: z.array(SetupAddItemSchema).check(z.minLength(1), z.maxLength(50)),
      example: { body: [SETUP_ADD_EXAMPLE] },
      response: MessageResponseSchema,
    },
    updateSetup: {
      summary: "Update a setup's nodes, brands and schedule: one item per retailer",
      body: z.array(SetupUpdateItemSchema).check(z.minLength(1), z.maxLength(50)),
      example: { body: [SETUP_UPDATE_EXAMPLE] },
      response: MessageResponseSchema,
    },
  },
);

export const categoryAnalyticsOps = defineArea(
  {
    area: 'categoryanalytics',
    service: 'customer-setup',
  },
  {
    clients: {
      summary: 'Existing clients for the client picker',
      body: EmptyBodySchema,
      example: { body: {} },
      response: z.array(
        z.object({ value: z.number().check(z.int(), z.describe('client id')), name: z.string() }),
      ),
      idempotent: true,
    },
    isProspectExists: {
      summary: 'Whether a customer with this (prospect) name already exists',
      body: z.strictObject({ clientName: ClientNameQuerySchema }),
      example: { body: { clientName: 'new prospect' } },
      response: ExistsResponseSchema,
      idempotent: true,
    },
  },
);
