import { z } from 'zod';
import { defineArea, QueryIntIdSchema } from '../core/operation.js';
import { FleetSnapshotSchema } from './entities.js';

export const FleetQuerySchema = z
  .strictObject({
    flow: z
      .enum(['rem_omni', 'meta'])
      .describe('rem_omni: Category Leaderboard; meta: a product (name it by productId)'),
    productId: QueryIntIdSchema.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.flow === 'meta' && q.productId === undefined)
      ctx.addIssue({ code: 'custom', path: ['productId'], message: 'Name the product' });
    if (q.flow === 'rem_omni' && q.productId !== undefined)
      ctx.addIssue({ code: 'custom', path: ['productId'], message: 'Only a product flow has one' });
  });

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
  },
);
