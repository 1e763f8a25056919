import { z } from '../core/zod.js';
import { IdSchema } from '../common/fields.js';
import { defineArea, QueryIntIdSchema } from '../core/operation.js';
import { oneProductPerFlow } from '../fleet/entities.js';
import { FleetQuerySchema } from '../fleet/operations.js';
import {
  WatchedSetupsSchema,
  WatchEventSchema,
  WatchSeenSchema,
  WatchStateSchema,
} from './entities.js';

/** How long a browser waits before reconnecting a dropped stream (its `retry:` line). */
export const WATCH_RETRY_MS = 5_000;

const sequenceText = z.pipe(
  z.string().check(z.maxLength(16), z.regex(/^[0-9]+$/, 'Must be an event sequence (digits)')),
  z.transform(Number),
);

export const WatchStreamQuerySchema = z.strictObject({
  lastEventId: z
    .optional(sequenceText)
    .check(
      z.describe(
        'For EventSource polyfills that cannot send the Last-Event-ID header: the header wins',
      ),
    ),
});

export const WatchSeenBodySchema = z.strictObject({
  sequence: z
    .number()
    .check(
      z.int(),
      z.gte(0),
      z.lte(Number.MAX_SAFE_INTEGER),
      z.describe('The newest event sequence the operator has seen'),
    ),
});

/** The most setups one operator watches at once. */
export const WATCHED_MAX = 200;

export const WatchSetupBodySchema = z
  .strictObject({
    flow: z.enum(['rem_omni', 'meta']),
    productId: z
      .nullable(IdSchema)
      .check(z.describe('The product of a meta setup; null for rem_omni')),
    setupId: IdSchema,
  })
  .check(z.superRefine(oneProductPerFlow));

export const WatchedParamsSchema = z.strictObject({ setupId: QueryIntIdSchema });

export const watchOps = defineArea(
  { area: 'watch', service: 'gateway' },
  {
    stream: {
      summary:
        'The failure watch, as Server-Sent Events (text/event-stream): first `event: state`, then ' +
        'every event after Last-Event-ID (or the seen sequence), then new ones as snapshots show ' +
        'them; a comment every 20 s; closed at sign-out or when the session ends',
      query: WatchStreamQuerySchema,
      example: { query: {} },
      response: WatchEventSchema,
      idempotent: true,
    },
    state: {
      summary: "The operator's seen sequence and the events kept, to count the unseen ones",
      example: {},
      response: WatchStateSchema,
      idempotent: true,
    },
    seen: {
      summary: 'Mark every event up to a sequence as seen, for this operator on every browser',
      body: WatchSeenBodySchema,
      example: { body: { sequence: 42 } },
      response: WatchSeenSchema,
    },
    watched: {
      summary: 'The setups this operator watches (the stream announces each going live)',
      example: {},
      response: WatchedSetupsSchema,
      idempotent: true,
    },
    watch: {
      summary: `Watch a setup: its going live is for this operator to announce (at most ${WATCHED_MAX})`,
      body: WatchSetupBodySchema,
      example: { body: { flow: 'rem_omni', productId: null, setupId: 101 } },
      response: WatchedSetupsSchema,
    },
    unwatch: {
      summary: 'Stop watching a setup',
      params: WatchedParamsSchema,
      query: FleetQuerySchema,
      example: { params: { setupId: '101' }, query: { flow: 'rem_omni' } },
      response: WatchedSetupsSchema,
    },
  },
);
