import { z } from 'zod';
import { EmptyBodySchema, defineArea, QueryIntIdSchema } from '../core/operation.js';
import { NODE_SEARCH_NODE_TYPE } from '../core/constants.js';
import {
  ClientNameQuerySchema,
  ExistsResponseSchema,
  IdSchema,
  LimitSchema,
  MessageResponseSchema,
  OffsetSchema,
  SearchTextSchema,
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

const P = '/api/proxy/customer-setup/rem_omni';

export const SetupIdBodySchema = z.strictObject({ setupId: IdSchema });
export const SetupIdQuerySchema = z.strictObject({ setupId: QueryIntIdSchema });

export const remOmniOps = defineArea(
  { area: 'rem_omni', service: 'customer-setup', prefix: P },
  {
    getRetailers: {
      method: 'POST',
      summary: 'Retailers in their groups (REM, MARKETSHARE)',
      body: EmptyBodySchema,
      response: RetailersResponseSchema,
      idempotent: true,
    },
    allSetup: {
      method: 'POST',
      summary: 'One page of Category Leaderboard setups (one row per setup and retailer)',
      body: z.strictObject({
        searchText: SearchTextSchema,
        limit: LimitSchema,
        offset: OffsetSchema,
      }),
      response: z.array(SetupRowSchema),
      idempotent: true,
    },
    browseNodes: {
      method: 'POST',
      summary: "A setup's browse nodes and their parent/child mapping",
      query: SetupIdQuerySchema,
      body: EmptyBodySchema,
      response: BrowseNodesResponseSchema,
      idempotent: true,
    },
    setupDetails: {
      method: 'POST',
      summary: "A setup's client details, brands, retailers and schedule",
      body: SetupIdBodySchema,
      response: SetupDetailsResponseSchema,
      idempotent: true,
    },
    worflowData: {
      method: 'POST',
      summary: "A setup's current workflow and its history (the upstream's own spelling)",
      body: SetupIdBodySchema,
      response: WorkflowResponseSchema,
      idempotent: true,
    },
    reTrigger: {
      method: 'POST',
      summary: 'Re-run a failed step for one retailer (not ncs_client_db_setup)',
      body: z.strictObject({
        setupId: IdSchema,
        stepName: z.string().min(1).max(100),
        clientName: z.string().max(100),
        clientId: IdSchema,
        retailerId: IdSchema,
        isNewClient: z.boolean(),
        ismarketshareEnabled: z.boolean(),
        requestedBy: z.string().max(320).optional().describe('Set by the gateway from the session'),
      }),
      response: MessageResponseSchema,
      identity: ['requestedBy'],
    },
    refreshData: {
      method: 'POST',
      summary: 'Re-run the whole workflow of a completed setup for one retailer',
      body: z.strictObject({
        setupId: IdSchema,
        clientName: z.string().max(100),
        clientId: IdSchema,
        retailerId: IdSchema,
        isNewClient: z.boolean(),
        isMarketShareEnabled: z.boolean(),
        requestedBy: z.string().max(320).optional().describe('Set by the gateway from the session'),
      }),
      response: MessageResponseSchema,
      identity: ['requestedBy'],
    },
    searchBrowseNodes: {
      method: 'POST',
      summary: "Search a retailer's browse nodes by path (paged, each result with its children)",
      body: z.strictObject({
        searchText: z.string().trim().min(1).max(200),
        page: z.number().int().min(1).max(10_000),
        limit: z.number().int().min(1).max(100),
        order: z.enum(['asc', 'desc']),
        retailerId: IdSchema,
        nodeType: z.literal(NODE_SEARCH_NODE_TYPE),
      }),
      response: SearchBrowseNodesResponseSchema,
      idempotent: true,
    },
    isClientExists: {
      method: 'POST',
      summary: 'Whether a Category Leaderboard setup already exists for a client',
      body: z.strictObject({ clientName: ClientNameQuerySchema }),
      response: ExistsResponseSchema,
      idempotent: true,
    },
    addClient: {
      method: 'POST',
      summary: 'Register a prospect as a client before its setup is added',
      body: z.strictObject({ clientName: ClientNameQuerySchema, region: SetupRegionSchema }),
      response: AddClientResponseSchema,
    },
    addSetup: {
      method: 'POST',
      summary: 'Create a setup: one item per retailer',
      body: z.array(SetupAddItemSchema).min(1).max(50),
      response: MessageResponseSchema,
    },
    updateSetup: {
      method: 'POST',
      summary: "Update a setup's nodes, brands and schedule: one item per retailer",
      body: z.array(SetupUpdateItemSchema).min(1).max(50),
      response: MessageResponseSchema,
    },
  },
);

export const categoryAnalyticsOps = defineArea(
  {
    area: 'categoryanalytics',
    service: 'customer-setup',
    prefix: '/api/proxy/customer-setup/categoryanalytics',
  },
  {
    clients: {
      method: 'POST',
      summary: 'Existing clients for the client picker',
      body: EmptyBodySchema,
      response: z.array(
        z.object({ value: z.number().int().describe('client id'), name: z.string() }),
      ),
      idempotent: true,
    },
    isProspectExists: {
      method: 'POST',
      summary: 'Whether a customer with this (prospect) name already exists',
      body: z.strictObject({ clientName: ClientNameQuerySchema }),
      response: ExistsResponseSchema,
      idempotent: true,
    },
  },
);
