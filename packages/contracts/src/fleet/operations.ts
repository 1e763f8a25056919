import { z } from '../core/zod.js';
import { plainText } from '../common/fields.js';
import { defineArea, QueryIntIdSchema, queryCount } from '../core/operation.js';
import {
  FleetFailuresSchema,
  FleetHealthSchema,
  FleetMatchingSchema,
  FleetSetupsSchema,
  FleetSnapshotSchema,
  oneProductPerFlow,
} from './entities.js';

const flowQuery = {
  flow: z
    .enum(['rem_omni', 'meta'])
    .check(z.describe('rem_omni: Category Leaderboard; meta: a product (name it by productId)')),
  productId: z.optional(QueryIntIdSchema),
};

export const FleetQuerySchema = z.strictObject(flowQuery).check(z.superRefine(oneProductPerFlow));

/** The most setups one fleet.setups call names: a list page's, or a page of a chart's setups. */
export const FLEET_SETUPS_MAX = 100;

export const FleetSetupsQuerySchema = z
  .strictObject({
    ...flowQuery,
    setupIds: z
      .pipe(
        z
          .string()
          .check(
            z.maxLength(FLEET_SETUPS_MAX * 13),
            z.regex(/^[0-9]{1,12}(,[0-9]{1,12})*$/, 'Must be setup ids separated by commas'),
          ),
        z.transform((text) => [...new Set(text.split(',').map(Number))]),
      )
      .check(
        z.refine((ids) => ids.length <= FLEET_SETUPS_MAX, {
          message: `At most ${FLEET_SETUPS_MAX} setups`,
        }),
        z.describe(`Up to ${FLEET_SETUPS_MAX} setup ids, comma-separated; repeats count once`),
      ),
  })
  .check(z.superRefine(oneProductPerFlow));

/** The most setups one fleet.matching page holds. */
export const FLEET_MATCHING_MAX = 100;

/**
 * Which bar or cell of the health screen fleet.matching answers the setups of, and what each
 * names: the fields a chart needs, no others.
 */
const CHART_FIELDS = {
  bucket: { required: ['status'], optional: ['stepName'] },
  step: { required: ['stepName'], optional: [] },
  cell: { required: ['retailerId', 'stepName', 'status'], optional: [] },
  week: { required: ['weekStart', 'stepName'], optional: [] },
} as const satisfies Record<string, { required: readonly string[]; optional: readonly string[] }>;
const SELECTION_FIELDS = ['stepName', 'status', 'retailerId', 'weekStart'] as const;

export const FleetMatchingQuerySchema = z
  .strictObject({
    ...flowQuery,
    chart: z
      .enum(['bucket', 'step', 'cell', 'week'])
      .check(
        z.describe(
          'Which bar or cell, and the fields it takes (any other is refused): bucket, a bar of ' +
            'setups by step and status (status; stepName, absent for the rows with no step); ' +
            'step, every setup with a row at the step now (stepName); cell, a retailer × step ' +
            'status cell (retailerId, stepName, status); week, the setups that failed the step ' +
            'that week (weekStart, stepName)',
        ),
      ),
    stepName: z.optional(plainText().check(z.minLength(1), z.maxLength(100))),
    status: z
      .optional(plainText().check(z.minLength(1), z.maxLength(40)))
      .check(
        z.describe("A bucket's list row status (FAILED, …) or a cell's step status (failed, …)"),
      ),
    retailerId: z.optional(QueryIntIdSchema),
    weekStart: z
      .optional(
        z.string().check(z.regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, 'Must be a date as YYYY-MM-DD')),
      )
      .check(z.describe("The week's Monday (UTC), as failuresByWeek names it")),
    offset: queryCount(1_000_000, 0).check(z.describe('Setups to skip')),
    limit: queryCount(FLEET_MATCHING_MAX, 20).check(
      z.describe(`Setups in the page, at most ${FLEET_MATCHING_MAX}`),
    ),
  })
  .check(
    z.superRefine(oneProductPerFlow),
    z.meta({
      allOf: Object.entries(CHART_FIELDS).map(([chart, { required, optional }]) => ({
        if: { properties: { chart: { const: chart } } },
        then: {
          required: [...required],
          not: {
            anyOf: SELECTION_FIELDS.filter(
              (f) =>
                !(required as readonly string[]).includes(f) &&
                !(optional as readonly string[]).includes(f),
            ).map((f) => ({ required: [f] })),
          },
        },
      })),
    }),
    z.superRefine((query, ctx) => {
      const { required, optional } = CHART_FIELDS[query.chart];
      const named: readonly string[] = [...required, ...optional];
      for (const field of SELECTION_FIELDS) {
        const given = query[field] !== undefined;
        if (!given && (required as readonly string[]).includes(field)) {
          ctx.addIssue({
            code: 'custom',
            path: [field],
            message: `Required for chart ${query.chart}`,
          });
        } else if (given && !named.includes(field)) {
          ctx.addIssue({
            code: 'custom',
            path: [field],
            message: `Not part of chart ${query.chart}`,
          });
        }
      }
    }),
  );
export type FleetMatchingQuery = z.output<typeof FleetMatchingQuerySchema>;

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
    matching: {
      summary:
        'The setups behind one bar or cell of the health screen, a page at a time, from the ' +
        "fleet snapshot: each retailer's row and the setup's forecast",
      query: FleetMatchingQuerySchema,
      example: {
        query: { flow: 'rem_omni', chart: 'bucket', stepName: 'sti', status: 'FAILED' },
      },
      response: FleetMatchingSchema,
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
