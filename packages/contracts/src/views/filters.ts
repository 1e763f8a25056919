import { z } from '../core/zod.js';
import { plainText } from '../common/fields.js';

/**
 * The fleet filters (issue 33): what an operator narrows a flow's setups to, evaluated by the
 * gateway over the whole fleet snapshot (every list page). Saved views store this JSON form; the
 * web carries the same filters in its address in the URL form below.
 */

const LIST_MAX = 50;
/** A list item as the URL form carries it: commas separate items, so an item has none. */
const item = plainText().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(100),
  z.regex(/^[^,]+$/, 'Must not contain a comma'),
);

const filterShape = {
  status: z
    .array(item)
    .check(
      z.minLength(1),
      z.maxLength(LIST_MAX),
      z.describe('Any of these list row statuses (COMPLETED, FAILED, IN_PROGRESS, …), upper case'),
    ),
  step: z
    .array(item)
    .check(
      z.minLength(1),
      z.maxLength(LIST_MAX),
      z.describe("Any of these steps (the list row's step)"),
    ),
  retailer: z
    .array(z.number().check(z.int(), z.gte(0)))
    .check(z.minLength(1), z.maxLength(LIST_MAX), z.describe('Any of these retailer ids')),
  marketShare: z
    .boolean()
    .check(z.describe('true: Market Share (ML) rows only; false: CL rows only')),
  prospect: z
    .boolean()
    .check(z.describe('true: prospects only (isNewClient); false: clients only')),
  slow: z
    .boolean()
    .check(
      z.describe(
        "true: setups with a step running past its p90 (the forecast's slow steps); false: none",
      ),
    ),
  overdue: z
    .boolean()
    .check(z.describe('true: setups whose forecast live-by time has passed; false: the others')),
  failedSince: z.iso
    .datetime({ offset: true })
    .check(z.describe('Setups with a retailer that failed at or after this time (ISO 8601)')),
} as const;

export type FleetFilterKey = keyof typeof filterShape;
export const FLEET_FILTER_KEYS = Object.keys(filterShape) as FleetFilterKey[];

const unknownKey = (iss: { code?: string; keys?: string[] }) =>
  iss.code === 'unrecognized_keys' ? `Unknown filter: ${iss.keys?.join(', ')}` : undefined;

/**
 * The filters, all optional and combined with AND. status, step, retailer, marketShare and
 * failedSince speak of one retailer's row: a setup matches when one of its rows meets them all
 * ("failed at sti on retailer 4"); prospect, slow and overdue speak of the setup.
 */
export const FleetFilterSchema = z
  .strictObject(
    {
      status: z.optional(filterShape.status),
      step: z.optional(filterShape.step),
      retailer: z.optional(filterShape.retailer),
      marketShare: z.optional(filterShape.marketShare),
      prospect: z.optional(filterShape.prospect),
      slow: z.optional(filterShape.slow),
      overdue: z.optional(filterShape.overdue),
      failedSince: z.optional(filterShape.failedSince),
    },
    { error: unknownKey },
  )
  .check(z.describe('Fleet filters, combined with AND; an unknown key is refused'));
export type FleetFilter = z.infer<typeof FleetFilterSchema>;

/** Each filter's name in the address (the shorter `ms` for marketShare). */
export const FLEET_FILTER_PARAMS = {
  status: 'status',
  step: 'step',
  retailer: 'retailer',
  marketShare: 'ms',
  prospect: 'prospect',
  slow: 'slow',
  overdue: 'overdue',
  failedSince: 'failedSince',
} as const satisfies Record<FleetFilterKey, string>;

const list = (of: z.ZodMiniArray<z.ZodMiniString<string>>) =>
  z.pipe(
    z.pipe(
      z
        .string()
        .check(
          z.maxLength(LIST_MAX * 101 - 1),
          z.regex(
            /^[^,]{1,100}(,[^,]{1,100})*$/,
            'Must be names of 1–100 characters separated by commas',
          ),
        ),
      z.transform((text) => text.split(',')),
    ),
    of,
  );
const flag = z.pipe(
  z.enum(['0', '1'], { error: 'Must be 0 or 1' }),
  z.transform((v) => v === '1'),
);

/** The filters' query parameters, as text, each parsed to its FleetFilter value. */
export const fleetFilterQueryShape = {
  status: z.optional(list(filterShape.status)).check(z.describe('Statuses, comma-separated')),
  step: z.optional(list(filterShape.step)).check(z.describe('Step names, comma-separated')),
  retailer: z
    .optional(
      z.pipe(
        z.pipe(
          z
            .string()
            .check(
              z.maxLength(LIST_MAX * 13),
              z.regex(/^[0-9]{1,12}(,[0-9]{1,12})*$/, 'Must be retailer ids separated by commas'),
            ),
          z.transform((text) => [...new Set(text.split(',').map(Number))]),
        ),
        filterShape.retailer,
      ),
    )
    .check(z.describe('Retailer ids, comma-separated')),
  ms: z.optional(flag).check(z.describe('1: Market Share (ML) rows only; 0: CL rows only')),
  prospect: z.optional(flag).check(z.describe('1: prospects only; 0: clients only')),
  slow: z.optional(flag).check(z.describe('1: setups with a step past its p90; 0: none')),
  overdue: z
    .optional(flag)
    .check(z.describe('1: setups past their forecast live-by time; 0: the others')),
  failedSince: z.optional(filterShape.failedSince),
} as const;

// Only the filters' own parameters are picked from an address, so no other key can reach it.
const QueryFormSchema = z.object(fleetFilterQueryShape);

/** The URL form's parameters to a FleetFilter (absent ones left out). */
export function filterOfQuery(query: z.output<typeof QueryFormSchema>): FleetFilter {
  const filter: Record<string, unknown> = {};
  // Each key's value is that filter's, as the query shape parsed it.
  for (const key of FLEET_FILTER_KEYS) {
    const value = query[FLEET_FILTER_PARAMS[key]];
    if (value !== undefined) filter[key] = value;
  }
  return filter;
}

/**
 * Reads the filters from an address's query (`?status=FAILED&ms=1…`): its other parameters (a
 * page, a panel) are left to their readers. A bad value fails with the parameter's name as path.
 */
export function parseFleetFilterQuery(
  search: string | URLSearchParams,
):
  | { success: true; data: FleetFilter; error?: undefined }
  | { success: false; data?: undefined; error: z.core.$ZodError } {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const names = new Set<string>(Object.values(FLEET_FILTER_PARAMS));
  const picked: Record<string, string> = {};
  for (const [name, value] of params) if (names.has(name)) picked[name] = value;
  const parsed = QueryFormSchema.safeParse(picked);
  return parsed.success ? { success: true, data: filterOfQuery(parsed.data) } : parsed;
}

/**
 * The filters as query parameters, in a fixed order and without `?` ('' for none): commas stay
 * readable, everything else is encoded. parseFleetFilterQuery reads it back to the same filters.
 */
export function serializeFleetFilterQuery(filter: FleetFilter): string {
  const parts: string[] = [];
  for (const key of FLEET_FILTER_KEYS) {
    const value = filter[key];
    if (value === undefined) continue;
    const text = Array.isArray(value)
      ? value.map((v) => encodeURIComponent(String(v))).join(',')
      : typeof value === 'boolean'
        ? value
          ? '1'
          : '0'
        : encodeURIComponent(value);
    parts.push(`${FLEET_FILTER_PARAMS[key]}=${text}`);
  }
  return parts.join('&');
}
