import { z } from './zod.js';

export type JsonSchema = Record<string, unknown>;

/**
 * A contract schema as the API docs publish it (JSON Schema 2020-12): requests as the gateway
 * accepts them (`input`), answers as it passes them on (`output`). Checks JSON Schema cannot say
 * (refinements) are left out rather than failing the docs.
 */
export function toDocumentedSchema(schema: z.core.$ZodType, io: 'input' | 'output'): JsonSchema {
  const out = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonSchema;
  delete out.$schema;
  return out;
}
