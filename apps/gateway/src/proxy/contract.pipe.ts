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
export interface RequestParts {
  readonly params: Record<string, unknown>;
  readonly query: Record<string, unknown>;
  readonly body: unknown;
}
export type ParsedRequest = RequestParts & { readonly params: Record<string, string | number> };

/** The parts of a request a contract speaks of: path params, query and body. */
export const RequestPartsOf = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): RequestParts => {
    const req = ctx.switchToHttp().getRequest<Request>();
    return { params: req.params, query: req.query, body: req.body as unknown };
  },
);

/**
 * Parses a proxied call's params, query and body with its operation's schemas: 400 with every
 * issue of all three at once otherwise. Identity fields are already stamped (IdentityInterceptor).
 */
@Injectable()
export class ContractPipe implements PipeTransform<RequestParts, ParsedRequest> {
  constructor(private readonly op: AnyOperation) {}

  transform(parts: RequestParts): ParsedRequest {
    const { op } = this;
    const issues: ApiIssue[] = [];
    const sendsBody = op.method === 'POST' || op.method === 'PUT';
    const parsed = {
      params: check(op.params, { ...parts.params }, 'params', issues) ?? {},
      query: check(op.query, { ...parts.query }, 'query', issues) ?? {},
      body: sendsBody
        ? (check(op.body, parts.body ?? {}, 'body', issues) ?? {})
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
