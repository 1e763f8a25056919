import { z } from 'zod';
import { EmptyBodySchema, defineArea, QueryIntIdSchema } from '../core/operation.js';
import {
  ClientNameQuerySchema,
  ExistsResponseSchema,
  IdSchema,
  LimitSchema,
  MessageResponseSchema,
  OffsetSchema,
  SearchTextSchema,
} from '../common/fields.js';
import {
  BrowseNodesResponseSchema,
  RetailersResponseSchema,
  SetupAddItemSchema,
  SetupDetailsResponseSchema,
  SetupRowSchema,
  SetupUpdateItemSchema,
  WorkflowResponseSchema,
} from '../rem-omni/entities.js';
import { SetupIdBodySchema, SetupIdQuerySchema } from '../rem-omni/operations.js';

const P = '/api/proxy/customer-setup/meta';

const stepActionBody = z.strictObject({
  setupId: IdSchema,
  stepName: z.string().min(1).max(100),
  clientName: z.string().max(100),
  clientId: IdSchema,
  retailerId: IdSchema,
  isNewClient: z.boolean(),
  productId: IdSchema,
  requestedBy: z.string().max(320).optional().describe('Set by the gateway from the session'),
});

/** Per-product setups (docs/requirements.md#calls-meta). */
export const metaOps = defineArea(
  { area: 'meta', service: 'customer-setup', prefix: P },
  {
    allSetup: {
      method: 'POST',
      summary: "One page of a product's setups (one row per setup and retailer)",
      body: z.strictObject({
        searchText: SearchTextSchema,
        limit: LimitSchema,
        offset: OffsetSchema,
        productId: IdSchema,
      }),
      response: z.array(SetupRowSchema),
      idempotent: true,
    },
    isClientExists: {
      method: 'POST',
      summary: 'Whether a setup of this product already exists for a client',
      body: z.strictObject({ clientName: ClientNameQuerySchema, productId: IdSchema }),
      response: ExistsResponseSchema,
      idempotent: true,
    },
    addSetup: {
      method: 'POST',
      summary: 'Create a per-product setup: one item per retailer',
      body: z.strictObject({
        productId: IdSchema,
        data: z.array(SetupAddItemSchema).min(1).max(50),
      }),
      response: MessageResponseSchema,
    },
    updateSetup: {
      method: 'POST',
      summary: 'Update a per-product setup: one item per retailer',
      body: z.strictObject({
        data: z.array(SetupUpdateItemSchema).min(1).max(50),
        productId: IdSchema,
      }),
      response: MessageResponseSchema,
    },
    setupDetails: {
      method: 'POST',
      summary: "A per-product setup's client details (with scheduled), brands, retailers, schedule",
      body: SetupIdBodySchema,
      response: SetupDetailsResponseSchema,
      idempotent: true,
    },
    browseNodes: {
      method: 'POST',
      summary: "A per-product setup's browse nodes and their mapping",
      query: SetupIdQuerySchema,
      body: EmptyBodySchema,
      response: BrowseNodesResponseSchema,
      idempotent: true,
    },
    workflowData: {
      method: 'POST',
      summary: "A per-product setup's current workflow and history",
      body: SetupIdBodySchema,
      response: WorkflowResponseSchema,
      idempotent: true,
    },
    reTrigger: {
      method: 'POST',
      summary: "Re-run a failed step of a product's workflow for one retailer",
      body: stepActionBody,
      response: MessageResponseSchema,
      identity: ['requestedBy'],
    },
    refreshData: {
      method: 'POST',
      summary: "Re-run a product's workflow for one retailer of a completed setup",
      body: stepActionBody,
      response: MessageResponseSchema,
      identity: ['requestedBy'],
    },
    getRetailers: {
      method: 'POST',
      summary: 'Retailers offered for a product',
      query: z.strictObject({ productId: QueryIntIdSchema }),
      body: EmptyBodySchema,
      response: RetailersResponseSchema,
      idempotent: true,
    },
  },
);
