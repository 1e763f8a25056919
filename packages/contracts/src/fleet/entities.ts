import { z } from '../core/zod.js';

/**
 * A product flow (meta) is named by its product; Category Leaderboard (rem_omni) has none. One
 * rule for every request and record that names a flow: productId absent is undefined or null.
 */
export function oneProductPerFlow(
  v: { flow?: 'rem_omni' | 'meta'; productId?: number | null },
  ctx: z.core.$RefinementCtx,
): void {
  const named = v.productId !== undefined && v.productId !== null;
  if (v.flow === 'meta' && !named)
    ctx.addIssue({ code: 'custom', path: ['productId'], message: 'Name the product' });
  if (v.flow !== 'meta' && named)
    ctx.addIssue({ code: 'custom', path: ['productId'], message: 'Only a product flow has one' });
}

/**
 * The fleet snapshot (issue 32): the gateway reads every setup's list row and workflow once, for
 * every operator, and answers each flow's metrics ready to draw. Times are ISO 8601 (UTC),
 * durations milliseconds.
 */

const count = z.number().check(z.int(), z.gte(0));
const ms = z.number().check(z.gte(0));
const setupIds = z
  .array(z.number().check(z.int()))
  .check(
    z.describe(
      'The matching setups, by id ascending: each once, whatever page of the list it is on',
    ),
  );

/** Nearest-rank percentiles of n samples (p50 and p90 are samples, never interpolated). */
export const DurationSummarySchema = z.object({
  n: count.check(z.describe('Samples measured')),
  p50Ms: z.nullable(ms).check(z.describe('Median; null when n is 0')),
  p90Ms: z
    .nullable(ms)
    .check(z.describe('90th percentile (nearest rank: the largest sample when n < 10)')),
});
export type DurationSummary = z.infer<typeof DurationSummarySchema>;

export const StepDurationSchema = z.extend(DurationSummarySchema, {
  stepName: z.string(),
  runs: count.check(
    z.describe('Times the step started, first runs, refreshes and re-triggers alike'),
  ),
  failures: count,
  expectedMs: z
    .nullable(ms)
    .check(
      z.describe("The product step's registered expected time; null for Category Leaderboard"),
    ),
});
export type StepDuration = z.infer<typeof StepDurationSchema>;

export const RetailerStepDurationSchema = z.extend(DurationSummarySchema, {
  retailerId: z.number().check(z.int()),
  stepName: z.string(),
});

export const StepWaitSchema = z.extend(DurationSummarySchema, { stepName: z.string() });

export const SetupsByStepSchema = z.object({
  stepName: z.nullable(z.string()),
  status: z.string().check(z.describe("The list row's status (COMPLETED, FAILED, NOT_STARTED, …)")),
  setups: count,
  setupIds,
});

export const FailuresByWeekSchema = z.object({
  weekStart: z.string().check(z.describe('Monday of the week (UTC), YYYY-MM-DD')),
  stepName: z.string(),
  failures: count,
  setupIds: setupIds.check(
    z.describe('The setups that failed the step that week, by id ascending'),
  ),
});

export const ReTriggerOutcomesSchema = z.object({
  stepName: z.string(),
  reTriggers: count,
  succeeded: count,
  failed: count,
  pending: count.check(z.describe('Re-triggered and not finished yet')),
  successRate: z
    .nullable(z.number().check(z.gte(0), z.lte(1)))
    .check(z.describe('succeeded / (succeeded + failed); null before any finished')),
});

export const RetailerStepStatusSchema = z.object({
  retailerId: z.number().check(z.int()),
  retailerName: z.string(),
  stepName: z.string(),
  status: z.string().check(z.describe("The step's status in the current workflow (lower case)")),
  count: count.check(z.describe('Setups of the retailer with the step in that status')),
  setupIds,
});

export const FleetFailureSchema = z.object({
  setupId: z.number().check(z.int()),
  clientName: z.string(),
  clientId: z
    .number()
    .check(z.int(), z.describe("The list row's client, as a re-trigger names it")),
  isNewClient: z.boolean().check(z.describe('true for prospects')),
  retailerId: z.number().check(z.int()),
  retailerName: z.nullable(z.string()).check(z.describe('null when the list row does not name it')),
  ismarketshareEnabled: z
    .boolean()
    .check(z.describe('ML when true, CL when false (upstream spelling), as a re-trigger names it')),
  stepName: z.nullable(z.string()).check(z.describe("The FAILED list row's step")),
  message: z
    .nullable(z.string())
    .check(
      z.describe("The failed step's message from its status payload; null when it carries none"),
    ),
  failedAt: z
    .nullable(z.string())
    .check(
      z.describe('When the step failed, from the workflow; null when the workflow does not say'),
    ),
});
export type FleetFailure = z.infer<typeof FleetFailureSchema>;

export const SlowStepSchema = z.object({
  retailerId: z.number().check(z.int()),
  stepName: z.string(),
  elapsedMs: ms,
  p90Ms: ms,
});

export const SetupForecastSchema = z.object({
  setupId: z.number().check(z.int()),
  clientName: z.string(),
  state: z.enum(['running', 'failed']),
  liveBy: z
    .nullable(z.string())
    .check(
      z.describe('When the last retailer should complete; null when failed or a step has no data'),
    ),
  failedStep: z
    .nullable(z.string())
    .check(z.describe("A failed setup's failed step: forecast unknown")),
  slow: z.array(SlowStepSchema).check(z.describe('Steps running longer than their p90')),
  unmeasured: z
    .array(z.string())
    .check(z.describe('Steps ahead with no run measured and no expected time')),
});
export type SetupForecast = z.infer<typeof SetupForecastSchema>;

export const FlowMetricsSchema = z.object({
  steps: z.array(z.string()).check(z.describe('The flow’s steps in run order')),
  setups: count,
  rows: count.check(z.describe('Setup × retailer rows')),
  pipelineRuns: count.check(z.describe('Workflow runs started (new setups, refreshes, edits)')),
  setupsByStep: z.array(SetupsByStepSchema),
  durations: z.array(StepDurationSchema).check(z.describe('Every step, in order')),
  durationsByRetailer: z
    .array(RetailerStepDurationSchema)
    .check(z.describe('Where a retailer has at least 5 runs of the step')),
  waits: z
    .array(StepWaitSchema)
    .check(z.describe("From the pipeline's previous transition to the start")),
  failuresByWeek: z.array(FailuresByWeekSchema),
  reTriggers: z.array(ReTriggerOutcomesSchema),
  retailerSteps: z.array(RetailerStepStatusSchema),
  forecasts: z.array(SetupForecastSchema).check(z.describe('Every setup still running or failed')),
  failures: z
    .array(FleetFailureSchema)
    .check(z.describe('Every FAILED list row (setup × retailer) once, newest failure first')),
});
export type FlowMetrics = z.infer<typeof FlowMetricsSchema>;

/**
 * What the health screen draws of a flow's metrics: its counts, without the per-setup lists (the
 * forecasts and failures fleet.setups and fleet.failures answer) nor each bar's and cell's setup
 * ids (fleet.matching answers a bar's setups when it is opened): at 5,000 setups the ids were
 * 96 % of the answer (docs/benchmarks.md#health-without-ids).
 */
export const FlowHealthSchema = z.extend(
  z.omit(FlowMetricsSchema, {
    forecasts: true,
    failures: true,
    setupsByStep: true,
    failuresByWeek: true,
    retailerSteps: true,
  }),
  {
    setupsByStep: z.array(z.omit(SetupsByStepSchema, { setupIds: true })),
    setupsAtStep: z
      .array(z.object({ stepName: z.string(), setups: count }))
      .check(
        z.describe(
          'Setups with a row at each step now, whatever its status, each once: every step, in run order',
        ),
      ),
    failuresByWeek: z.array(z.omit(FailuresByWeekSchema, { setupIds: true })),
    retailerSteps: z.array(z.omit(RetailerStepStatusSchema, { setupIds: true })),
  },
);
export type FlowHealth = z.infer<typeof FlowHealthSchema>;

export const FleetFlowSchema = z.object({
  flow: z.enum(['rem_omni', 'meta']),
  productId: z.nullable(z.number().check(z.int())),
  name: z.string(),
  setups: count,
});
export type FleetFlow = z.infer<typeof FleetFlowSchema>;

export const FleetSnapshotSchema = z.object({
  state: z
    .enum(['building', 'ready', 'stale', 'unavailable'])
    .check(
      z.describe(
        'building: no complete snapshot yet; ready; stale: the last refresh failed, the last ' +
          'complete snapshot is served; unavailable: no snapshot could be read yet',
      ),
    ),
  takenAt: z.nullable(z.string()).check(z.describe('When the served snapshot finished reading')),
  ageSeconds: z.nullable(z.number().check(z.int(), z.gte(0))),
  refreshing: z.boolean(),
  progress: z
    .object({ read: count, total: count })
    .check(z.describe('Workflows read of those the refresh under way (or the last one) reads')),
  error: z
    .nullable(z.object({ message: z.string(), at: z.string() }))
    .check(z.describe('Why the last refresh failed, when it did')),
  flows: z.array(FleetFlowSchema).check(z.describe('Every flow of the served snapshot')),
  metrics: z
    .nullable(FlowMetricsSchema)
    .check(z.describe('The asked flow; null until a snapshot is read')),
});
export type FleetSnapshot = z.infer<typeof FleetSnapshotSchema>;

/** The served snapshot's state, age and progress, as every fleet answer carries them. */
export const FleetStatusSchema = z.pick(FleetSnapshotSchema, {
  state: true,
  takenAt: true,
  ageSeconds: true,
  refreshing: true,
  progress: true,
  error: true,
});
export type FleetStatus = z.infer<typeof FleetStatusSchema>;

export const FleetSetupRowSchema = z.object({
  retailerId: z.number().check(z.int()),
  retailerName: z.nullable(z.string()).check(z.describe('null when the list row does not name it')),
  status: z.string().check(z.describe("The list row's status (COMPLETED, FAILED, NOT_STARTED, …)")),
  stepName: z.nullable(z.string()),
  ismarketshareEnabled: z
    .boolean()
    .check(z.describe('ML when true, CL when false (upstream spelling)')),
});

export const FleetSetupSchema = z.object({
  setupId: z.number().check(z.int()),
  clientName: z.string(),
  clientId: z
    .number()
    .check(
      z.int(),
      z.describe("The list row's client: its dashboard, as a refresh or re-trigger names it"),
    ),
  isNewClient: z.boolean(),
  rows: z.array(FleetSetupRowSchema).check(z.describe('One per retailer, as the list shows them')),
  startedAt: z
    .optional(z.nullable(z.string()))
    .check(
      z.describe(
        'When its workflow began: its earliest entry (the first step entered), history included; null when the snapshot holds no entry of it',
      ),
    ),
  lastChangeAt: z
    .optional(z.nullable(z.string()))
    .check(
      z.describe(
        "Its workflow's latest entry, as of the snapshot; null when the snapshot holds no entry of it",
      ),
    ),
  forecast: z
    .nullable(SetupForecastSchema)
    .check(z.describe('When it should go live; null once every retailer has completed')),
});
export type FleetSetup = z.infer<typeof FleetSetupSchema>;

export const FleetSetupsSchema = z.extend(FleetStatusSchema, {
  setups: z
    .array(FleetSetupSchema)
    .check(z.describe('The asked setups the snapshot holds, in the order asked')),
  missing: z
    .array(z.number().check(z.int()))
    .check(
      z.describe(
        'Asked setups the snapshot does not hold: made after it was read, or of another flow',
      ),
    ),
});
export type FleetSetups = z.infer<typeof FleetSetupsSchema>;

export const FleetFailuresSchema = z.extend(FleetStatusSchema, {
  steps: z.array(z.string()).check(z.describe('The flow’s steps in run order')),
  failures: z
    .array(FleetFailureSchema)
    .check(z.describe('Every FAILED list row (setup × retailer) once, newest failure first')),
});
export type FleetFailures = z.infer<typeof FleetFailuresSchema>;

export const FleetMatchingSchema = z.extend(FleetStatusSchema, {
  total: count.check(z.describe('Setups behind the bar or cell, every page together')),
  setups: z
    .array(FleetSetupSchema)
    .check(
      z.describe('This page of them, by setup id ascending: each once, whatever page of the list'),
    ),
});
export type FleetMatching = z.infer<typeof FleetMatchingSchema>;

export const FleetHealthSchema = z.extend(FleetStatusSchema, {
  flows: FleetSnapshotSchema.shape.flows,
  metrics: z
    .nullable(FlowHealthSchema)
    .check(
      z.describe(
        'The asked flow, without its forecasts and failures; null until a snapshot is read',
      ),
    ),
});
export type FleetHealth = z.infer<typeof FleetHealthSchema>;
