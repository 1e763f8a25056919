import type { AnyOperation, ExampleRequest } from '../core/operation.js';
import { OPERATIONS } from '../registry.js';
import type { RequestCase } from './request-cases.js';

/**
 * The upper bound of every bounded field an operation's example sends, written out per
 * operation (a number's maximum, a text's or a list's length), so a bound raised or lowered in a
 * schema fails the contracts' tests (packages/contracts/test/boundaries.test.ts) and the
 * gateway's (apps/gateway/test/boundaries.e2e-spec.ts). A path is the part, then the field;
 * `0` stands for every item of a list.
 */
export const REQUEST_BOUNDS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  'session.getAuthUrl': {
    'body.currentUrl': 2_000,
    'body.email': 320,
  },
  'fleet.setups': {
    'query.setupIds': 1_300,
  },
  'fleet.matching': {
    'query.stepName': 100,
    'query.status': 40,
  },
  'views.create': {
    'body.name': 60,
    'body.filters.status': 50,
    'body.filters.status.0': 100,
    'body.filters.step': 50,
    'body.filters.step.0': 100,
    'body.filters.retailer': 50,
  },
  'views.update': {
    'params.id': 64,
    'body.name': 60,
  },
  'views.remove': {
    'params.id': 64,
  },
  'views.fleetList': {
    'query.status': 5_049,
    'query.step': 5_049,
    'query.limit': 6,
  },
  'watch.unwatch': {
    'params.setupId': 12,
  },
  'rem_omni.allSetup': {
    'body.searchText': 100,
    'body.limit': 100,
    'body.offset': 1_000_000,
  },
  'rem_omni.browseNodes': {
    'query.setupId': 12,
  },
  'rem_omni.reTrigger': {
    'body.stepName': 100,
    'body.clientName': 100,
  },
  'rem_omni.refreshData': {
    'body.clientName': 100,
  },
  'rem_omni.searchBrowseNodes': {
    'body.searchText': 200,
    'body.page': 10_000,
    'body.limit': 100,
  },
  'rem_omni.isClientExists': {
    'body.clientName': 100,
  },
  'rem_omni.addClient': {
    'body.clientName': 100,
  },
  'rem_omni.addSetup': {
    body: 50,
    'body.0.browseNodes': 50,
    'body.0.nodeDetails': 50,
    'body.0.nodeDetails.0': 64,
    'body.0.clientName': 100,
    'body.0.brands': 200,
    'body.0.brands.0': 500,
  },
  'rem_omni.updateSetup': {
    body: 50,
    'body.0.browseNodes': 50,
    'body.0.nodeDetails': 50,
    'body.0.nodeDetails.0': 64,
    'body.0.clientName': 100,
    'body.0.brands': 200,
    'body.0.brands.0': 500,
  },
  'categoryanalytics.isProspectExists': {
    'body.clientName': 100,
  },
  'meta.allSetup': {
    'body.searchText': 100,
    'body.limit': 100,
    'body.offset': 1_000_000,
  },
  'meta.isClientExists': {
    'body.clientName': 100,
  },
  'meta.addSetup': {
    'body.data': 50,
    'body.data.0.browseNodes': 50,
    'body.data.0.nodeDetails': 50,
    'body.data.0.nodeDetails.0': 64,
    'body.data.0.clientName': 100,
    'body.data.0.brands': 200,
    'body.data.0.brands.0': 500,
    'body.data.0.schedule.byweekday': 7,
    'body.data.0.schedule.interval': 52,
  },
  'meta.updateSetup': {
    'body.data': 50,
    'body.data.0.browseNodes': 50,
    'body.data.0.nodeDetails': 50,
    'body.data.0.nodeDetails.0': 64,
    'body.data.0.clientName': 100,
    'body.data.0.brands': 200,
    'body.data.0.brands.0': 500,
  },
  'meta.browseNodes': {
    'query.setupId': 12,
  },
  'meta.reTrigger': {
    'body.stepName': 100,
    'body.clientName': 100,
  },
  'meta.refreshData': {
    'body.stepName': 100,
    'body.clientName': 100,
  },
  'meta.getRetailers': {
    'query.productId': 12,
  },
  'product_register.productDetails': {
    'query.productId': 12,
  },
  'product_register.registerProduct': {
    'body.productName': 200,
    'body.productPath': 500,
  },
  'product_register.updateProduct': {
    'body.productName': 200,
    'body.productPath': 500,
  },
  'product_register.stepList': {
    'query.productId': 12,
  },
  'product_register.updateStepOrder': {
    'query.productId': 12,
    'body.stepData': 1_000,
    'body.stepData.0.order': 1_000,
    'body.stepToDelete': 1_000,
  },
  'product_register.stepDetail': {
    'query.stepId': 12,
  },
  'product_register.registerStep': {
    'body.stepName': 200,
    'body.pollingDelay': 100_000,
    'body.expectedExecutionTime': 100_000,
    'body.triggerPayload': 20_000,
    'body.statusPayload': 20_000,
    'body.requestIdPath': 500,
    'body.statusPath': 500,
    'body.statusMap': 20_000,
  },
  'product_register.updateStep': {
    'query.stepId': 12,
    'body.stepName': 200,
    'body.pollingDelay': 100_000,
    'body.expectedExecutionTime': 100_000,
    'body.triggerPayload': 20_000,
    'body.statusPayload': 20_000,
    'body.requestIdPath': 500,
    'body.statusPath': 500,
    'body.statusMap': 20_000,
  },
  'llm.get': {
    'params.id': 64,
  },
  'llm.add': {
    'body.prompt': 20_000,
    'body.clientName': 200,
    'body.businessContext': 20_000,
    'body.metadata.name': 200,
  },
  'llm.update': {
    'body.newPrompt': 20_000,
    'body.newBusinessContext': 20_000,
    'body.metadata.name': 200,
  },
  'llm.delete': {
    'params.id': 64,
  },
  'customersetup.ongoing': {
    'body.searchText': 100,
    'body.limit': 100,
    'body.offset': 1_000_000,
  },
  'customersetup.isClientExists': {
    'body.clientName': 100,
  },
  'customersetup.addNewSetup': {
    'body.clientName': 100,
    'body.currentStatus': 50,
    'body.statusDetails': 5_000,
    'body.modules': 20,
    'body.modules.0.name': 100,
    'body.modules.0.regions': 20,
  },
  'customersetup.editSetup': {
    'body.clientName': 100,
    'body.currentStatus': 50,
    'body.statusDetails': 5_000,
    'body.modules': 20,
    'body.modules.0.name': 100,
    'body.modules.0.regions': 20,
  },
};

/**
 * Bounds whose value at the bound cannot be grown from the example (only one over the bound is
 * sent): a comma-separated id list or page size sent as text has a tighter rule than its length,
 * and an empty example list has no item to repeat.
 */
const OVER_ONLY: Readonly<Record<string, readonly string[]>> = {
  'fleet.setups': ['query.setupIds'],
  'views.fleetList': ['query.status', 'query.step', 'query.limit'],
  'product_register.updateStepOrder': ['body.stepToDelete'],
};

type Path = readonly (string | number)[];

/** The zod internals the walk reads (zod 4's `_zod.def`, and its number and string bounds). */
interface Walked {
  readonly _zod?: {
    readonly def: {
      readonly type: string;
      readonly innerType?: Walked;
      readonly in?: Walked;
      readonly out?: Walked;
      readonly shape?: Record<string, Walked>;
      readonly element?: Walked;
      readonly checks?: readonly { readonly _zod: { readonly def: Record<string, unknown> } }[];
    };
  };
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'readonly', 'catch', 'prefault']);

/** The schema under its wrappers; a transform's output side is not what is sent. */
function unwrap(schema: Walked | undefined): Walked | undefined {
  let at = schema;
  for (;;) {
    const def = at?._zod?.def;
    if (def && WRAPPERS.has(def.type)) at = def.innerType;
    else if (def?.type === 'pipe') at = def.in?._zod?.def.type === 'transform' ? def.out : def.in;
    else return at;
  }
}

function schemaAt(schema: Walked | undefined, path: Path): Walked | undefined {
  return path.reduce<Walked | undefined>((at, key) => {
    const def = unwrap(at)?._zod?.def;
    if (def?.type === 'object') return def.shape?.[key as string];
    if (def?.type === 'array') return def.element;
    return undefined;
  }, schema);
}

/** A field's upper bound as its schema has it, and what it bounds; none for an unbounded one. */
function boundOf(schema: Walked | undefined): { kind: string; max: number } | undefined {
  const at = unwrap(schema);
  const kind = at?._zod?.def.type;
  let max: number | undefined;
  // A number's `lte`, a text's or a list's `maxLength`: the lowest of them.
  for (const { _zod } of at?._zod?.def.checks ?? []) {
    const { check, maximum, value, inclusive } = _zod.def;
    const bound =
      check === 'max_length' ? maximum : check === 'less_than' && inclusive ? value : undefined;
    if (typeof bound === 'number') max = Math.min(max ?? bound, bound);
  }
  return kind &&
    ['number', 'string', 'array'].includes(kind) &&
    typeof max === 'number' &&
    max < Number.MAX_SAFE_INTEGER
    ? { kind, max }
    : undefined;
}

/** Every path of a value, lists' first items only (they stand for every item). */
function paths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value))
    return [path, ...(value.length ? paths(value[0] as unknown, [...path, 0]) : [])];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => paths(item, [...path, key]));
  return [path];
}

const PARTS = ['params', 'query', 'body'] as const;

/** The bounds an operation's schemas put on the fields its example sends, by path. */
export function schemaBounds(op: AnyOperation): Record<string, number> {
  const bounds: Record<string, number> = {};
  for (const part of PARTS) {
    const sent = op.example[part];
    if (sent === undefined) continue;
    for (const path of paths(sent)) {
      const bound = boundOf(schemaAt(op[part] as Walked | undefined, path));
      if (bound) bounds[[part, ...path].join('.')] = bound.max;
    }
  }
  return bounds;
}

function valueAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((at, key) => (at as Record<string | number, unknown>)[key], value);
}

function withValue(value: unknown, path: Path, next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (
    Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) }
  ) as Record<string | number, unknown>;
  copy[head] = withValue(copy[head], rest, next);
  return copy;
}

/** The example's value of a field grown (or set) to `size`: a number, a text's length, a list's. */
function sized(kind: string, example: unknown, size: number): unknown {
  if (kind === 'number') return size;
  if (kind === 'array') return Array.from({ length: size }, () => (example as unknown[])[0]);
  // A text keeps its own characters (an id stays digits, an e-mail stays one): its last repeated.
  const text = String(example);
  return text.padEnd(size, text.at(-1) ?? 'a');
}

/**
 * For every bound of REQUEST_BOUNDS: the example with the field at its bound (accepted) and one
 * over it (refused, naming the field). A query value is sent as the text it is.
 */
export function boundaryCases(ops: readonly AnyOperation[] = OPERATIONS): RequestCase[] {
  return ops.flatMap((op) =>
    Object.entries(REQUEST_BOUNDS[op.id] ?? {}).flatMap(([at, max]): RequestCase[] => {
      const [part, ...path] = at.split('.').map((key) => (/^\d+$/.test(key) ? Number(key) : key));
      const where = part as (typeof PARTS)[number];
      const kind = unwrap(schemaAt(op[where] as Walked | undefined, path))?._zod?.def.type ?? '';
      const request = (size: number): ExampleRequest => ({
        ...op.example,
        [where]: withValue(
          op.example[where],
          path,
          sized(kind, valueAt(op.example[where], path), size),
        ),
      });
      const atBound: RequestCase[] = OVER_ONLY[op.id]?.includes(at)
        ? []
        : [{ name: `${op.id}: ${at} at its bound, ${max}`, op, request: request(max) }];
      return [
        ...atBound,
        {
          name: `${op.id}: ${at} over its bound, ${max + 1}`,
          op,
          request: request(max + 1),
          refusedAt: [part as string, ...path],
        },
      ];
    }),
  );
}
