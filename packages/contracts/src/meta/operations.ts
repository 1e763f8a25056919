import { z } from '../core/zod.js';
import { EmptyBodySchema, defineArea, QueryIntIdSchema } from '../core/operation.js';
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
import {
  BrowseNodesResponseSchema,
  RetailersResponseSchema,
  SetupAddItemSchema,
  SetupDetailsResponseSchema,
  SetupRowSchema,
  SetupUpdateItemSchema,
  WorkflowResponseSchema,
} from '../rem-omni/entities.js';
import {
  SETUP_ADD_EXAMPLE,
  SETUP_UPDATE_EXAMPLE,
  SetupIdBodySchema,
  SetupIdQuerySchema,
} from '../rem-omni/operations.js';

const stepActionBody = z.strictObject({
  setupId: IdSchema,
  stepName: plainText().check(z.minLength(1), z.maxLength(100)),
  clientName: plainText().check(z.maxLength(100)),
  clientId: IdSchema,
  retailerId: IdSchema,
  isNewClient: z.boolean(),
  productId: IdSchema,
  requestedBy: SessionIdentitySchema,
});

/** Per-product setups (docs/requirements.md#calls-meta). */
/** A product step's re-trigger and refresh take the same body. */
const STEP_ACTION_EXAMPLE = {
  setupId: 1,
  stepName: 'crawl_keywords',
  clientName: 'acme foods',
  clientId: 1,
  retailerId: 4,
  isNewClient: false,
  productId: 1,
};

export const metaOps = defineArea(
  { area: 'meta', service: 'customer-setup' },
  {
    allSetup: {
      summary: "One page of a product's setups (one row per setup and retailer)",
      body: z.strictObject({
        searchText: SearchTextSchema,
        limit: LimitSchema,
        offset: OffsetSchema,
        productId: IdSchema,
      }),
      example: { body: { searchText: '', limit: 20, offset: 0, productId: 1 } },
      response: z.array(SetupRowSchema),
      idempotent: true,
    },
    isClientExists: {
      summary: 'Whether a setup of this product already exists for a client',
      body: z.strictObject({ clientName: ClientNameQuerySchema, productId: IdSchema }),
      example: { body: { clientName: 'acme foods', productId: 1 } },
      response: ExistsResponseSchema,
      idempotent: true,
    },
    addSetup: {
      summary: 'Create a per-product setup: one item per retailer',
      body: z.strictObject({
        productId: IdSchema,
        data: z.array(SetupAddItemSchema).check(z.minLength(1), z.maxLength(50)),
      }),
      example: {
        body: {
          productId: 1,
          data: [
            {
              ...SETUP_ADD_EXAMPLE,
              schedule: {
                freq: 'WEEKLY',
                byweekday: ['WE'],
                interval: 1,
                startTime: '05:30',
                startDate: '2026-11-25',
              },
              isScheduled: true,
            },
          ],
        },
      },
      response: MessageResponseSchema,
    },
    updateSetup: {
      summary: 'Update a per-product setup: one item per retailer',
      body: z.strictObject({
        data: z.array(SetupUpdateItemSchema).check(z.minLength(1), z.maxLength(50)),
        productId: IdSchema,
      }),
      example: {
        body: {
          data: [SETUP_UPDATE_EXAMPLE],
          productId: 1,
        },
      },
      response: MessageResponseSchema,
    },
    setupDetails: {
      summary: "A per-product setup's client details (with scheduled), brands, retailers, schedule",
      body: SetupIdBodySchema,
      example: { body: { setupId: 1 } },
      response: SetupDetailsResponseSchema,
      idempotent: true,
    },
    browseNodes: {
      summary: "A per-product setup's browse nodes and their mapping",
      query: SetupIdQuerySchema,
      body: EmptyBodySchema,
      example: { query: { setupId: '1' }, body: {} },
      response: BrowseNodesResponseSchema,
      idempotent: true,
    },
    workflowData: {
      summary: "A per-product setup's current workflow and history",
      body: SetupIdBodySchema,
      example: { body: { setupId: 1 } },
      response: WorkflowResponseSchema,
      idempotent: true,
    },
    reTrigger: {
      summary: "Re-run a failed step of a product's workflow for one retailer",
      body: z.extend(stepActionBody, { stepName: ReTriggerStepSchema }),
      example: { body: STEP_ACTION_EXAMPLE },
      response: MessageResponseSchema,
      identity: ['requestedBy'],
    },
    refreshData: {
      summary: "Re-run a product's workflow for one retailer of a completed setup",
      body: stepActionBody,
      example: { body: STEP_ACTION_EXAMPLE },
      response: MessageResponseSchema,
      identity: ['requestedBy'],
    },
    getRetailers: {
      summary: 'Retailers offered for a product',
      query: z.strictObject({ productId: QueryIntIdSchema }),
      body: EmptyBodySchema,
      example: { query: { productId: '1' }, body: {} },
      response: RetailersResponseSchema,
      idempotent: true,
    },
  },
);
