import type { AnyOperation, ApiIssue, IdentityField } from '@onboarding/contracts';
import { toApiIssues } from '@onboarding/contracts';
import type { z } from 'zod';
import { ApiException } from '../common/errors/api-exception.js';

export interface ParsedRequest {
  readonly params: Record<string, string | number>;
  readonly query: Record<string, unknown>;
  readonly body: unknown;
}

function hasKeys(value: unknown): boolean {
  return !!value && typeof value === 'object' && Object.keys(value).length > 0;
}

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: readonly z.ZodType[];
};
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * Overwrites the operation's identity fields with the signed-in operator's e-mail wherever the
 * body schema declares them (top level, list items, nested objects), so the browser's value
 * never counts (security.md, "Identity fields").
 */
export function stampIdentity(
  schema: z.ZodType | undefined,
  value: unknown,
  fields: readonly IdentityField[] | undefined,
  email: string,
  depth = 0,
): unknown {
  if (!schema || !fields?.length || depth > 8 || value === null || typeof value !== 'object')
    return value;
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return def.innerType ? stampIdentity(def.innerType, value, fields, email, depth + 1) : value;
    case 'pipe':
      return def.in ? stampIdentity(def.in, value, fields, email, depth + 1) : value;
    case 'union':
      // The first option that the stamped value satisfies decides.
      for (const option of def.options ?? []) {
        const stamped = stampIdentity(option, value, fields, email, depth + 1);
        if (option.safeParse(stamped).success) return stamped;
      }
      return value;
    case 'array':
      return Array.isArray(value) && def.element
        ? value.map((item) => stampIdentity(def.element, item, fields, email, depth + 1))
        : value;
    case 'object': {
      if (Array.isArray(value) || !def.shape) return value;
      const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      for (const [key, sub] of Object.entries(def.shape)) {
        if ((fields as readonly string[]).includes(key)) copy[key] = email;
        else if (key in copy) copy[key] = stampIdentity(sub, copy[key], fields, email, depth + 1);
      }
      return copy;
    }
    default:
      return value;
  }
}

function check(
  schema: z.ZodType | undefined,
  value: unknown,
  where: 'body' | 'query' | 'params',
  issues: ApiIssue[],
  emptyWhenUndeclared: boolean,
): unknown {
  if (!schema) {
    if (emptyWhenUndeclared && hasKeys(value)) {
      issues.push({
        path: [where],
        message: `This call takes no ${where === 'body' ? 'body' : where + ' parameters'}`,
      });
    }
    return undefined;
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    issues.push(...toApiIssues(where, result.error.issues));
    return undefined;
  }
  return result.data;
}

/** What a proxied call carries, before and after its contract parsed it. */
export interface RequestParts {
  readonly params: Record<string, unknown>;
  readonly query: Record<string, unknown>;
  readonly body: unknown;
}

/**
 * Parses params, query and body by the operation's schemas: 400 with every issue of all three at
 * once otherwise. Identity fields are already stamped (IdentityInterceptor).
 */
export function parseRequest(op: AnyOperation, parts: RequestParts): ParsedRequest {
  const issues: ApiIssue[] = [];
  const params = check(op.params, { ...parts.params }, 'params', issues, true) as
    ParsedRequest['params'] | undefined;
  const query = check(op.query, { ...parts.query }, 'query', issues, true) as
    ParsedRequest['query'] | undefined;
  const sendsBody = op.method === 'POST' || op.method === 'PUT';
  const body = check(
    sendsBody ? op.body : undefined,
    sendsBody ? (parts.body ?? {}) : parts.body,
    'body',
    issues,
    true,
  );
  if (issues.length > 0) {
    throw new ApiException(400, 'VALIDATION_FAILED', 'The request does not match the contract.', {
      issues,
    });
  }
  return { params: params ?? {}, query: query ?? {}, body: sendsBody ? (body ?? {}) : undefined };
}

/** The query string of the parsed query, as the upstream expects it. */
export function toQueryString(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const v of values)
      search.append(
        key,
        typeof v === 'object' ? JSON.stringify(v) : String(v as string | number | boolean),
      );
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
