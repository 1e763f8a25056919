import { z } from 'zod';
import { defineArea } from '../core/operation.js';
import { WatchEventSchema, WatchSeenSchema, WatchStateSchema } from './entities.js';

/** How long a browser waits before reconnecting a dropped stream (its `retry:` line). */
export const WATCH_RETRY_MS = 5_000;

const sequenceText = z
  .string()
  .max(16)
  .regex(/^[0-9]+$/, 'Must be an event sequence (digits)')
  .transform(Number);

export const WatchStreamQuerySchema = z.strictObject({
  lastEventId: sequenceText
    .optional()
    .describe(
      'For EventSource polyfills that cannot send the Last-Event-ID header: the header wins',
    ),
});

export const WatchSeenBodySchema = z.strictObject({
  sequence: z
    .number()
    .int()
    .min(0)
    .max(Number.MAX_SAFE_INTEGER)
    .describe('The newest event sequence the operator has seen'),
});

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
  },
);
