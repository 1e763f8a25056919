import { z } from '../core/zod.js';
import { MAX_LIST, MAX_LONG_TEXT, MAX_SEARCH_TEXT, MAX_TEXT } from '../core/constants.js';
import { MESSAGES } from '../core/messages.js';
import { NON_RETRIGGERABLE_STEP } from '../enums.js';
import { LINE_CONTROL_CLASS, OTHER_CONTROL_CLASS } from '../rules/patterns.js';

/** Single-line request text: no control character at all (rules/patterns.ts says which). */
export const PLAIN_TEXT_PATTERN = new RegExp(`^[^${LINE_CONTROL_CLASS}${OTHER_CONTROL_CLASS}]*$`);
/** Multi-line text (prompts, payload templates, notes): tab and line breaks allowed. */
export const MULTILINE_TEXT_PATTERN = new RegExp(`^[^${OTHER_CONTROL_CLASS}]*$`);

/** A request's single-line text field: control characters refused, the issue naming the field. */
export const plainText = () =>
  z.string().check(z.regex(PLAIN_TEXT_PATTERN, MESSAGES.controlCharacters));
/** The step a re-trigger names: any but ncs_client_db_setup (docs/requirements.md#setup-actions-rules). */
export const ReTriggerStepSchema = plainText().check(
  z.minLength(1),
  z.maxLength(100),
  z.refine((step) => step !== NON_RETRIGGERABLE_STEP, MESSAGES.stepNotRetriggerable),
);
/** A request's multi-line text field: tab, line feed and carriage return allowed. */
export const multilineText = () =>
  z.string().check(z.regex(MULTILINE_TEXT_PATTERN, MESSAGES.controlCharacters));

/** An operator's e-mail in a request body: the gateway stamps it from the session (`identity`). */
export const SessionIdentitySchema = z
  .optional(plainText().check(z.maxLength(320)))
  .check(z.describe('Set by the gateway from the session'));

/** A positive integer id as sent in JSON. */
export const IdSchema = z.number().check(z.int(), z.positive(), z.lte(Number.MAX_SAFE_INTEGER));
/** Bounded single-line text. */
export const TextSchema = plainText().check(z.maxLength(MAX_TEXT));
/** Bounded long text (payload templates, prompts). */
export const LongTextSchema = multilineText().check(z.maxLength(MAX_LONG_TEXT));
/** Search text of list calls: may be empty. */
export const SearchTextSchema = plainText().check(
  z.maxLength(MAX_SEARCH_TEXT),
  z.describe('Case-insensitive match on the client name'),
);
export const LimitSchema = z
  .number()
  .check(z.int(), z.gte(1), z.lte(100), z.describe('Page size (20 in the app)'));
export const OffsetSchema = z
  .number()
  .check(z.int(), z.gte(0), z.lte(1_000_000), z.describe('20 × (page − 1) in the app'));
/** A calendar date `YYYY-MM-DD`. */
export const DateSchema = z.iso.date();
/** A timestamp as the upstreams send it (ISO 8601 text). */
export const TimestampSchema = z.string().check(z.describe('ISO 8601 timestamp'));

export function boundedList<T extends z.ZodMiniType>(item: T, max = MAX_LIST) {
  return z.array(item).check(z.maxLength(max));
}

/** `{ message }` — the answer of most writes; the UI shows the message. */
export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** The answer of the existence checks: a list whose first item has `isClientExists`. */
export const ExistsResponseSchema = z
  .array(z.object({ isClientExists: z.boolean() }))
  .check(z.minLength(1), z.describe('A list whose first item has isClientExists'));
export type ExistsResponse = z.infer<typeof ExistsResponseSchema>;

/** A client name as the existence checks take it (the app lower-cases it). */
export const ClientNameQuerySchema = plainText().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(100),
  z.describe('Client name, lower-cased by the app'),
);
