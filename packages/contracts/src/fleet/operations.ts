import { z } from 'zod';
import { defineArea, QueryIntIdSchema } from '../core/operation.js';
import {
  FleetFailuresSchema,
  FleetHealthSchema,
  FleetSetupsSchema,
  FleetSnapshotSchema,
  oneProductPerFlow,
} from './entities.js';

const flowQuery = {
  flow: z
    .enum(['rem_omni', 'meta'])
    .describe('rem_omni: Category Leaderboard; meta: a product (name it by productId)'),
  productId: QueryIntIdSchema.optional(),
};

export const FleetQuerySchema = z.strictObject(flowQuery).superRefine(oneProductPerFlow);

/** The most setups one fleet.setups call names: a list page's, or a page of a chart's setups. */
export const FLEET_SETUPS_MAX = 100;

export const FleetSetupsQuerySchema = z
  .strictObject({
    ...flowQuery,
    setupIds: z
      .string()
      .max(FLEET_SETUPS_MAX * 13)
      .regex(/^[0-9]{1,12}(,[0-9]{1,12})*$/, 'Must be setup ids separated by commas')
      .transform((text) => [...new Set(text.split(',').map(Number))])
      .refine((ids) => ids.length <= FLEET_SETUPS_MAX, {
        message: `At most ${FLEET_SETUPS_MAX} setups`,
      })
      .describe(`Up to ${FLEET_SETUPS_MAX} setup ids, comma-separated; repeats count once`),
  })
  .superRefine(oneProductPerFlow);

export const fleetOps = defineArea(
  { area: 'fleet', service: 'gateway' },
  {
    snapshot: {
      summary: "One flow's health from the fleet snapshot, with the snapshot's age and progress",
      query: FleetQuerySchema,
      example: { query: { flow: 'rem_omni' } },
      response: FleetSnapshotSchema,
      idempotent: true,
    },
    setups: {
      summary: "Setups by id from the fleet snapshot: each retailer's row and the setup's forecast",
      query: FleetSetupsQuerySchema,
      example: { query: { flow: 'rem_omni', setupIds: '101,102' } },
      response: FleetSetupsSchema,
      idempotent: true,
    },
    failures: {
      summary: 'Every failed setup × retailer of one flow, from the fleet snapshot',
      query: FleetQuerySchema,
      example: { query: { flow: 'rem_omni' } },
      response: FleetFailuresSchema,
      idempotent: true,
    },
    health: {
      summary:
        "One flow's health as the health screen draws it: the snapshot's metrics without the " +
        'per-setup forecasts and failures (fleet.setups and fleet.failures answer those)',
      query: FleetQuerySchema,
      example: { query: { flow: 'rem_omni' } },
      response: FleetHealthSchema,
      idempotent: true,
    },
  },
);
