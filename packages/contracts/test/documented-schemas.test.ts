import { describe, expect, it } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { z } from '../src/core/zod.js';
import {
  OPERATIONS,
  toDocumentedSchema,
  type AnyOperation,
  type JsonSchema,
} from '../src/index.js';
import { exampleRequest, exampleResponse } from '../src/testing/index.js';

// The API docs are generated from the contracts (toDocumentedSchema). These tests hold the docs
// to the contracts: what a contract requires, the types, enums and bounds it checks, must be what
// a reader of the docs (or a client generated from them) is told.
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);

type Part = 'body' | 'query' | 'params' | 'response';
interface Case {
  part: Part;
  schema: z.ZodMiniType;
  docs: JsonSchema;
  example: unknown;
}

function casesOf(op: AnyOperation): Case[] {
  const request = exampleRequest(op);
  const cases: Case[] = [];
  for (const part of ['body', 'query', 'params'] as const) {
    const schema = op[part];
    if (schema)
      cases.push({
        part,
        schema,
        docs: toDocumentedSchema(schema, 'input'),
        example: request[part],
      });
  }
  cases.push({
    part: 'response',
    schema: op.response,
    docs: toDocumentedSchema(op.response, 'output'),
    example: exampleResponse(op),
  });
  return cases;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every value reachable in `value` with the path to it. */
function* walk(
  value: Json,
  path: (string | number)[] = [],
): Generator<[(string | number)[], Json]> {
  yield [path, value];
  if (Array.isArray(value)) {
    // The first item stands for the rest: lists hold items of one schema.
    if (value.length) yield* walk(value[0]!, [...path, 0]);
  } else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) yield* walk(v, [...path, key]);
  }
}

function replaced(root: Json, path: (string | number)[], next: Json | undefined): Json {
  if (path.length === 0) return next as Json;
  const [head, ...rest] = path;
  if (Array.isArray(root)) {
    const copy = [...root];
    copy[head as number] = replaced(copy[head as number]!, rest, next);
    return copy;
  }
  const copy = { ...(root as Record<string, Json>) };
  if (rest.length === 0 && next === undefined) delete copy[head as string];
  else copy[head as string] = replaced(copy[head as string]!, rest, next);
  return copy;
}

/** Values that break one rule each: a missing field, another type, out of bounds, not in an enum. */
function mutations(example: Json): { what: string; value: Json }[] {
  const out: { what: string; value: Json }[] = [];
  for (const [path, v] of walk(example)) {
    const at = path.join('.') || '(root)';
    const put = (what: string, next: Json | undefined) =>
      out.push({ what: `${at}: ${what}`, value: replaced(example, path, next) });
    if (path.length && typeof path[path.length - 1] === 'string') put('missing', undefined);
    if (typeof v === 'string') {
      put('a number', 12345);
      put('empty', '');
      put('5000 characters', 'x'.repeat(5000));
      put('not one of the listed values', 'NOT_A_LISTED_VALUE');
    } else if (typeof v === 'number') {
      put('a string', 'twelve');
      put('negative', -1);
      put('a fraction', 1.5);
      put('huge', 1e15);
    } else if (typeof v === 'boolean') put('a string', 'true');
    else if (Array.isArray(v)) {
      put('an object', {});
      if (v.length)
        put(
          '1000 items',
          Array.from({ length: 1000 }, () => v[0]!),
        );
    } else if (v && typeof v === 'object') put('a string', 'x');
  }
  return out;
}

const each = (f: (op: AnyOperation) => boolean = () => true) =>
  OPERATIONS.filter(f).map((op) => [op.id, op] as const);

describe('the API docs of every operation', () => {
  it.each(each())('%s: the documented schemas accept its example request and answer', (_id, op) => {
    for (const c of casesOf(op)) {
      const validate = ajv.compile(c.docs);
      expect({ part: c.part, valid: validate(c.example), errors: validate.errors ?? null }).toEqual(
        {
          part: c.part,
          valid: true,
          errors: null,
        },
      );
    }
  });

  it.each(each())(
    '%s: the documented answer names every field of its example answer',
    (_id, op) => {
      const docs = toDocumentedSchema(op.response, 'output');
      const missing: string[] = [];
      for (const [path, value] of walk(exampleResponse(op) as Json)) {
        if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
        const names = propertiesAt(docs, docs, path);
        for (const key of Object.keys(value))
          if (!names.has(key) && !names.has(ANY_KEY)) missing.push([...path, key].join('.'));
      }
      expect(missing).toEqual([]);
    },
  );

  it.each(each())(
    '%s: the documented schemas refuse what the contract refuses (required, types, enums, bounds)',
    (_id, op) => {
      const disagreements: string[] = [];
      for (const c of casesOf(op)) {
        const validate = ajv.compile(c.docs);
        for (const m of mutations(c.example as Json)) {
          const contract = c.schema.safeParse(m.value).success;
          const docs = validate(m.value);
          if (contract !== docs)
            disagreements.push(
              `${c.part} ${m.what}: contract ${contract ? 'accepts' : 'refuses'}, docs ${docs ? 'accept' : 'refuse'}`,
            );
        }
      }
      expect(disagreements).toEqual([]);
    },
  );
});

describe('the descriptions of the API docs', () => {
  it('give every operation a summary of its own', () => {
    const summaries = OPERATIONS.map((op) => op.summary.trim());
    expect(summaries.filter((summary) => !summary)).toEqual([]);
    expect(new Set(summaries).size).toBe(OPERATIONS.length);
  });

  it.each(each())('%s: every description in its schemas says something', (_id, op) => {
    const empty: string[] = [];
    for (const c of casesOf(op))
      for (const [path, value] of everything(c.docs as Json))
        if (path.at(-1) === 'description' && (typeof value !== 'string' || !value.trim()))
          empty.push([c.part, ...path].join('.'));
    expect(empty).toEqual([]);
  });
});

/** Every value in `value`, every item of every list too, with the path to it. */
function* everything(
  value: Json,
  path: (string | number)[] = [],
): Generator<[(string | number)[], Json]> {
  yield [path, value];
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) yield* everything(item, [...path, i]);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) yield* everything(item, [...path, key]);
  }
}

const ANY_KEY = Symbol('any key') as unknown as string;

/** The property names a JSON Schema gives the object at `path` (through $ref, items and unions). */
function propertiesAt(
  root: JsonSchema,
  schema: JsonSchema,
  path: (string | number)[],
): Set<string> {
  const resolved = resolve(root, schema);
  const branches = [
    resolved,
    ...((resolved.anyOf ?? resolved.oneOf ?? resolved.allOf ?? []) as JsonSchema[]).map((s) =>
      resolve(root, s),
    ),
  ];
  const names = new Set<string>();
  for (const branch of branches) {
    if (path.length === 0) {
      for (const key of Object.keys(branch.properties ?? {})) names.add(key);
      // A map (z.record) names its keys by a schema, not one by one.
      if (!branch.properties && typeof branch.additionalProperties === 'object') names.add(ANY_KEY);
      continue;
    }
    const [head, ...rest] = path;
    const next =
      typeof head === 'number'
        ? (branch.items as JsonSchema | undefined)
        : ((branch.properties as Record<string, JsonSchema> | undefined)?.[head!] ??
          (typeof branch.additionalProperties === 'object'
            ? (branch.additionalProperties as JsonSchema)
            : undefined));
    if (next) for (const key of propertiesAt(root, next, rest)) names.add(key);
  }
  return names;
}

function resolve(root: JsonSchema, schema: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const target = ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], root);
  return resolve(root, target as JsonSchema);
}
