import type { z } from './zod.js';
import { type ApiIssue, toApiIssues } from './api-error.js';
import type { AnyOperation } from './operation.js';

/** A request as it arrives: path params, query and JSON body, before any parsing. */
export interface RequestParts {
  readonly params?: unknown;
  readonly query?: unknown;
  readonly body?: unknown;
}

/** The request parsed by its operation's schemas: `undefined` for a part it does not declare. */
export interface CheckedRequest {
  readonly params: unknown;
  readonly query: unknown;
  readonly body: unknown;
}

export type RequestCheck =
  | { readonly ok: true; readonly request: CheckedRequest }
  | { readonly ok: false; readonly issues: ApiIssue[] };

/**
 * The one request check of every place that answers an operation: the gateway (its contract pipe
 * and the sign-in guard), the sandbox and the web tests' gateway stand-in, so all of them refuse
 * exactly the same requests. Every issue of params, query and body is reported at once.
 *
 * `operator`, when given, is written into the operation's identity fields first, whatever the
 * body says (docs/security.md#identity-fields): the gateway gives the signed-in e-mail.
 */
export function checkRequest(
  op: AnyOperation,
  parts: RequestParts,
  { operator }: { readonly operator?: string } = {},
): RequestCheck {
  const issues: ApiIssue[] = [];
  // Only POST and PUT carry a body; a GET or DELETE must come without one.
  const sendsBody = op.method === 'POST' || op.method === 'PUT';
  let body = parts.body ?? {};
  if (operator !== undefined && op.identity?.length && isRecord(body))
    body = { ...body, ...Object.fromEntries(op.identity.map((f) => [f, operator])) };
  const request = {
    params: check(op.params, { ...asRecord(parts.params) }, 'params', issues),
    query: check(op.query, { ...asRecord(parts.query) }, 'query', issues),
    body: sendsBody
      ? check(op.body, body, 'body', issues)
      : check(undefined, parts.body, 'body', issues),
  };
  return issues.length === 0 ? { ok: true, request } : { ok: false, issues };
}

/** One part parsed by its schema; a part the operation does not declare must be empty. */
function check(
  schema: z.ZodMiniType | undefined,
  value: unknown,
  where: 'body' | 'query' | 'params',
  issues: ApiIssue[],
): unknown {
  if (!schema) {
    if (value && typeof value === 'object' && Object.keys(value).length > 0)
      issues.push({
        path: [where],
        message: `This call takes no ${where === 'body' ? 'body' : where + ' parameters'}`,
      });
    return undefined;
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  issues.push(...toApiIssues(where, result.error.issues));
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const asRecord = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});
