import { describe, expect, it } from '@jest/globals';
import type { z } from '../src/core/zod.js';
import {
  FLEET_SETUPS_MAX,
  failureMessageOf,
  FleetListQuerySchema,
  FleetQuerySchema,
  FleetSetupsQuerySchema,
  NewViewSchema,
  ViewChangeSchema,
  viewsOps,
  WatchSetupBodySchema,
} from '../src/index.js';

/** What a schema says of `input`: its value, or each issue's path and message. */
function verdict(schema: z.ZodMiniType, input: unknown) {
  const r = schema.safeParse(input);
  return r.success
    ? { ok: r.data }
    : { refused: r.error.issues.map((i) => [i.path.join('.'), i.message]) };
}

const NAME_THE_PRODUCT = [['productId', 'Name the product']];
const NOT_A_PRODUCT_FLOW = [['productId', 'Only a product flow has one']];

/**
 * docs/requirements.md#fleet-health: a product flow (`meta`) is named by its product and
 * Category Leaderboard (`rem_omni`) has none, wherever a flow is named: the fleet's queries, the
 * saved views' query and new view, and a watched setup.
 */
describe('a flow and its product', () => {
  const queries: [string, z.ZodMiniType, Record<string, unknown>][] = [
    ['fleet query', FleetQuerySchema, {}],
    ['fleet setups query', FleetSetupsQuerySchema, { setupIds: '1' }],
    ['fleet list query', FleetListQuerySchema, {}],
    ['views query', viewsOps.list.query!, {}],
  ];

  it.each(queries)('%s: meta names its product, rem_omni none', (_name, schema, rest) => {
    expect(verdict(schema, { ...rest, flow: 'meta', productId: '3' })).toHaveProperty('ok');
    expect(verdict(schema, { ...rest, flow: 'rem_omni' })).toHaveProperty('ok');
    expect(verdict(schema, { ...rest, flow: 'meta' })).toEqual({ refused: NAME_THE_PRODUCT });
    expect(verdict(schema, { ...rest, flow: 'rem_omni', productId: '3' })).toEqual({
      refused: NOT_A_PRODUCT_FLOW,
    });
  });

  it('views query: without a flow, no product either', () => {
    expect(verdict(viewsOps.list.query!, {})).toEqual({ ok: {} });
    expect(verdict(viewsOps.list.query!, { productId: '3' })).toEqual({
      refused: NOT_A_PRODUCT_FLOW,
    });
  });

  const view = { name: 'Stuck at STI', filters: {} };
  const bodies: [string, z.ZodMiniType, Record<string, unknown>][] = [
    ['new view', NewViewSchema, view],
    ['watched setup', WatchSetupBodySchema, { setupId: 20 }],
  ];

  it.each(bodies)('%s: meta names its product, rem_omni has null', (_name, schema, rest) => {
    expect(verdict(schema, { ...rest, flow: 'meta', productId: 3 })).toHaveProperty('ok');
    expect(verdict(schema, { ...rest, flow: 'rem_omni', productId: null })).toHaveProperty('ok');
    expect(verdict(schema, { ...rest, flow: 'meta', productId: null })).toEqual({
      refused: NAME_THE_PRODUCT,
    });
    expect(verdict(schema, { ...rest, flow: 'rem_omni', productId: 3 })).toEqual({
      refused: NOT_A_PRODUCT_FLOW,
    });
  });
});

describe('the fleet setups query', () => {
  const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1).join(',');

  it('names each setup once, in the order asked', () => {
    expect(verdict(FleetSetupsQuerySchema, { flow: 'rem_omni', setupIds: '7,3,7,12' })).toEqual({
      ok: { flow: 'rem_omni', setupIds: [7, 3, 12] },
    });
  });

  it(`takes ${FLEET_SETUPS_MAX} setups, repeats counted once, and refuses one more`, () => {
    const at = (setupIds: string) =>
      verdict(FleetSetupsQuerySchema, { flow: 'rem_omni', setupIds });
    expect(at(ids(FLEET_SETUPS_MAX))).toHaveProperty('ok');
    expect(at(`${ids(FLEET_SETUPS_MAX)},1`)).toHaveProperty('ok');
    expect(at(ids(FLEET_SETUPS_MAX + 1))).toEqual({
      refused: [['setupIds', `At most ${FLEET_SETUPS_MAX} setups`]],
    });
  });
});

describe('the saved views', () => {
  it('a change names the name, the filters or the pin', () => {
    expect(verdict(ViewChangeSchema, {})).toEqual({
      refused: [['', 'Change the name, filters or pin']],
    });
    expect(verdict(ViewChangeSchema, { pinned: false })).toEqual({ ok: { pinned: false } });
  });

  it.each([
    ['views query', viewsOps.list.query!],
    ['fleet list query', FleetListQuerySchema],
  ])('%s: an unknown parameter is named', (_name, schema) => {
    expect(verdict(schema, { flow: 'rem_omni', colour: 'red', size: '2' })).toEqual({
      refused: [['', 'Unknown parameter: colour, size']],
    });
  });
});

describe('the failure message of a status payload, its edges', () => {
  it('is none for no payload, an empty one, or JSON without a message', () => {
    for (const payload of [null, undefined, '', '  \n ', '{}', '[]', '42', '"   "', 'null'])
      expect(failureMessageOf(payload)).toBeNull();
    expect(failureMessageOf(JSON.stringify({ message: '  ', reason: 'Quota hit' }))).toBe(
      'Quota hit',
    );
    expect(failureMessageOf(JSON.stringify(['Quota hit']))).toBeNull();
    expect(failureMessageOf(JSON.stringify({ error: ['Quota hit'] }))).toBeNull();
  });

  it('is the payload itself when it is plain text or a JSON string, on one line', () => {
    expect(failureMessageOf('  STI job\n  exited\twith 137 ')).toBe('STI job exited with 137');
    expect(failureMessageOf(JSON.stringify(' Disk   full '))).toBe('Disk full');
  });

  it('keeps 300 characters, and cuts a longer one to 299 and an ellipsis', () => {
    const at300 = 'x'.repeat(300);
    expect(failureMessageOf(at300)).toBe(at300);
    expect(failureMessageOf(`${at300}y`)).toBe(`${'x'.repeat(299)}…`);
    expect(failureMessageOf(JSON.stringify({ message: `${at300}y` }))).toBe(`${'x'.repeat(299)}…`);
  });
});
