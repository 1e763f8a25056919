import {
  createParamDecorator,
  type ExecutionContext,
  Injectable,
  type PipeTransform,
} from '@nestjs/common';
import { type AnyOperation, type ApiIssue, toApiIssues } from '@onboarding/contracts';
import type { Request } from 'express';
import type { z } from 'zod';
import { ApiException } from '../common/errors/api-exception.js';

/** What a proxied call carries, before and after its contract parsed it. */
export interface ParsedRequest {
  readonly params: Record<string, string | number>;
  readonly query: Record<string, unknown>;
  readonly body: unknown;
}
type RequestParts = Record<keyof ParsedRequest, unknown> & { readonly operator: string };

/** The parts of a request a contract speaks of (params, query, body), and who sends it. */
export const RequestPartsOf = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): RequestParts => {
    const req = ctx.switchToHttp().getRequest<Request>();
    const operator = req.session.user?.email ?? '';
    return { params: req.params, query: req.query, body: req.body as unknown, operator };
  },
);

/**
 * Sets the operation's identity fields (top-level body fields) to the operator's e-mail, whatever
 * the browser sent (docs/security.md#identity-fields), then parses params, query and body with the
 * operation's schemas: 400 with every issue of all three at once otherwise.
 */
@Injectable()
export class ContractPipe implements PipeTransform<RequestParts, ParsedRequest> {
  constructor(private readonly op: AnyOperation) {}

  transform(parts: RequestParts): ParsedRequest {
    const { op } = this;
    const issues: ApiIssue[] = [];
    const sendsBody = op.method === 'POST' || op.method === 'PUT';
    let body = parts.body ?? {};
    if (op.identity?.length && typeof body === 'object' && !Array.isArray(body))
      body = { ...body, ...Object.fromEntries(op.identity.map((f) => [f, parts.operator])) };
    const parsed = {
      params: check(op.params, { ...(parts.params as object) }, 'params', issues) ?? {},
      query: check(op.query, { ...(parts.query as object) }, 'query', issues) ?? {},
      body: sendsBody
        ? (check(op.body, body, 'body', issues) ?? {})
        : check(undefined, parts.body, 'body', issues),
    };
    if (issues.length === 0) return parsed as ParsedRequest;
    throw new ApiException(400, 'VALIDATION_FAILED', 'The request does not match the contract.', {
      issues,
    });
  }
}

/** One part parsed by its schema; a part the operation does not declare must be empty. */
function check(
  schema: z.ZodType | undefined,
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
