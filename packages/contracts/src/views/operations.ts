import { z } from '../core/zod.js';
import { defineArea, PlainIdSchema, QueryIntIdSchema, queryCount } from '../core/operation.js';
import { oneProductPerFlow } from '../fleet/entities.js';
import { FleetQuerySchema } from '../fleet/operations.js';
import {
  DefaultViewSchema,
  DeletedViewSchema,
  FleetListSchema,
  NewViewSchema,
  SavedViewSchema,
  SavedViewsSchema,
  ViewChangeSchema,
} from './entities.js';
import { fleetFilterQueryShape } from './filters.js';

/** The most setups one fleet list page holds. */
export const FLEET_LIST_MAX = 100;

const flow = FleetQuerySchema.shape.flow;
const productId = z.optional(QueryIntIdSchema);

const unknownParam = (iss: { code?: string; keys?: string[] }) =>
  iss.code === 'unrecognized_keys' ? `Unknown parameter: ${iss.keys?.join(', ')}` : undefined;

export const FleetListQuerySchema = z
  .strictObject(
    {
      flow,
      productId,
      ...fleetFilterQueryShape,
      offset: queryCount(1_000_000, 0).check(z.describe('Matching setups to skip')),
      limit: queryCount(FLEET_LIST_MAX, 20).check(
        z.describe(`Setups in the page, at most ${FLEET_LIST_MAX}`),
      ),
    },
    { error: unknownParam },
  )
  .check(z.superRefine(oneProductPerFlow));

const ViewsQuerySchema = z
  .strictObject({ flow: z.optional(flow), productId }, { error: unknownParam })
  .check(z.superRefine(oneProductPerFlow));
const ViewParamsSchema = z.strictObject({ id: PlainIdSchema });

export const viewsOps = defineArea(
  { area: 'views', service: 'gateway' },
  {
    list: {
      summary:
        "The signed-in operator's saved views (one flow's when flow is given), each with its live " +
        'count from the fleet snapshot',
      query: ViewsQuerySchema,
      example: { query: { flow: 'rem_omni' } },
      response: SavedViewsSchema,
      idempotent: true,
    },
    create: {
      summary: `Saves a view for the signed-in operator (at most 50; names unique per operator)`,
      body: NewViewSchema,
      example: {
        body: {
          name: 'Failed at STI on Walmart',
          flow: 'rem_omni',
          productId: null,
          filters: { status: ['FAILED'], step: ['sti'], retailer: [4] },
        },
      },
      response: SavedViewSchema,
    },
    update: {
      summary: "Renames a view, changes its filters or pins it as its flow's default",
      params: ViewParamsSchema,
      body: ViewChangeSchema,
      example: { params: { id: 'v-1' }, body: { name: 'Failed at STI', pinned: true } },
      response: SavedViewSchema,
    },
    remove: {
      summary: 'Deletes a view of the signed-in operator',
      params: ViewParamsSchema,
      example: { params: { id: 'v-1' } },
      response: DeletedViewSchema,
    },
    defaultView: {
      summary: "The signed-in operator's pinned view of a flow, if any",
      query: FleetQuerySchema,
      example: { query: { flow: 'rem_omni' } },
      response: DefaultViewSchema,
      idempotent: true,
    },
    fleetList: {
      summary:
        "One flow's setups matching the filters across the whole fleet snapshot (every list " +
        'page), newest first, a page at a time',
      query: FleetListQuerySchema,
      example: { query: { flow: 'rem_omni', status: 'FAILED', step: 'sti', limit: '20' } },
      response: FleetListSchema,
      idempotent: true,
    },
  },
);
