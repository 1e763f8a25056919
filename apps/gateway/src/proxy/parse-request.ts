import type { AnyOperation, ApiIssue } from '@onboarding/contracts';
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
