import { z } from '../core/zod.js';

/**
 * The failure watch (issue 33): the gateway compares each new fleet snapshot with the one before
 * and pushes what changed to every signed-in operator over Server-Sent Events. Each event's
 * `sequence` is its SSE id: one counter for every gateway process sharing Redis (else one per
 * process, started at its start time in ms, so it still only grows across a restart).
 */

const sequence = z
  .number()
  .check(
    z.int(),
    z.gte(0),
    z.describe("The event's number: its SSE id, the Last-Event-ID a reconnecting client sends"),
  );

const eventBase = {
  sequence,
  at: z
    .string()
    .check(z.describe('When the snapshot that showed the change was taken (ISO 8601, UTC)')),
  flow: z
    .enum(['rem_omni', 'meta'])
    .check(z.describe('rem_omni: Category Leaderboard; meta: a product')),
  productId: z
    .nullable(z.number().check(z.int()))
    .check(z.describe("The product's id; null for rem_omni")),
  setupId: z.number().check(z.int()),
  clientName: z.string(),
};

export const WatchFailedEventSchema = z.object({
  type: z.literal('failed').check(z.describe('A setup × retailer newly FAILED')),
  ...eventBase,
  retailerId: z.number().check(z.int()),
  retailerName: z.nullable(z.string()).check(z.describe('null when the list row does not name it')),
  stepName: z.nullable(z.string()).check(z.describe('The step that failed')),
  reason: z
    .nullable(z.string())
    .check(z.describe("The failed step's message from its workflow; null when it carries none")),
});
export type WatchFailedEvent = z.infer<typeof WatchFailedEventSchema>;

export const WatchRecoveredEventSchema = z.object({
  type: z
    .literal('recovered')
    .check(z.describe('A setup × retailer that had failed no longer has')),
  ...eventBase,
  retailerId: z.number().check(z.int()),
  retailerName: z.nullable(z.string()),
  stepName: z.nullable(z.string()).check(z.describe('The step its list row shows now')),
  status: z.string().check(z.describe("Its list row's status now (RUNNING, COMPLETED, …)")),
});
export type WatchRecoveredEvent = z.infer<typeof WatchRecoveredEventSchema>;

export const WatchLiveEventSchema = z.object({
  type: z
    .literal('live')
    .check(z.describe('Every retailer of a setup is now COMPLETED, and was not before')),
  ...eventBase,
  retailers: z.number().check(z.int(), z.gte(1), z.describe('Its retailers, all COMPLETED')),
});
export type WatchLiveEvent = z.infer<typeof WatchLiveEventSchema>;

/**
 * One message of the stream (its SSE `data:` line), told apart by `type`. A plain union: the web
 * app's first load carries Zod, and z.discriminatedUnion's code would join every screen's first
 * load with the web's watch (0.45 KB gzipped); the gateway documents it as the exclusive union it
 * is (oneOf, watch.controller.ts).
 */
export const WatchEventSchema = z.union([
  WatchFailedEventSchema,
  WatchRecoveredEventSchema,
  WatchLiveEventSchema,
]);
export type WatchEvent = z.infer<typeof WatchEventSchema>;
export type WatchEventType = WatchEvent['type'];

/** Where the operator stands: the stream's first message (`event: state`) and watch.state. */
export const WatchStateSchema = z.object({
  latest: sequence.check(z.describe('The newest event’s sequence; 0 before any')),
  oldest: z
    .nullable(sequence)
    .check(
      z.describe('The oldest event still kept for replay (the last 1,000 are); null before any'),
    ),
  seen: z
    .nullable(sequence)
    .check(z.describe('The last sequence this operator marked as seen; null when never')),
  replayFrom: z
    .nullable(sequence)
    .check(
      z.describe(
        'Stream only: events after this one follow (Last-Event-ID, else the seen sequence, else ' +
          'latest); null in watch.state',
      ),
    ),
  gap: z
    .boolean()
    .check(
      z.describe(
        'Stream only: some events after replayFrom are no longer kept (false in watch.state)',
      ),
    ),
});
export type WatchState = z.infer<typeof WatchStateSchema>;

/** The stream's last message (`event: end`) before the gateway closes it. */
export const WatchEndSchema = z.object({
  reason: z
    .enum(['signed-out', 'session-expired'])
    .check(
      z.describe('signed-out: the session signed out; session-expired: it timed out or is gone'),
    ),
});
export type WatchEnd = z.infer<typeof WatchEndSchema>;

export const WatchSeenSchema = z.object({
  seen: sequence.check(
    z.describe('The sequence now stored as seen (never lowered by an older one)'),
  ),
});
export type WatchSeen = z.infer<typeof WatchSeenSchema>;

export const WatchedSetupSchema = z.object({
  flow: z.enum(['rem_omni', 'meta']),
  productId: z
    .nullable(z.number().check(z.int()))
    .check(z.describe("The product's id; null for rem_omni")),
  setupId: z.number().check(z.int()),
});
export type WatchedSetup = z.infer<typeof WatchedSetupSchema>;

export const WatchedSetupsSchema = z.object({
  watched: z
    .array(WatchedSetupSchema)
    .check(
      z.describe('The setups this operator watches: the stream announces each one going live'),
    ),
});
export type WatchedSetups = z.infer<typeof WatchedSetupsSchema>;
