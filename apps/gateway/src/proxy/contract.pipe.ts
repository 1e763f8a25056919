import {
  createParamDecorator,
  type ExecutionContext,
  Injectable,
  type PipeTransform,
} from '@nestjs/common';
import { type AnyOperation, checkRequest } from '@onboarding/contracts';
import type { Request } from 'express';
import { Errors } from '../common/errors/api-exception.js';

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
 * Identity fields are the operator's e-mail whatever the browser sent; `checkRequest` is the one
 * check shared with the sign-in guard, sandbox and web tests (docs/security.md#identity-fields).
 */
@Injectable()
export class ContractPipe implements PipeTransform<RequestParts, ParsedRequest> {
  constructor(private readonly op: AnyOperation) {}

  transform(parts: RequestParts): ParsedRequest {
    const { op } = this;
    const checked = checkRequest(op, parts, { operator: parts.operator });
    if (!checked.ok) throw Errors.contract(checked.issues);
    const { params, query, body } = checked.request;
    const sendsBody = op.method === 'POST' || op.method === 'PUT';
    return {
      params: (params ?? {}) as ParsedRequest['params'],
      query: (query ?? {}) as ParsedRequest['query'],
      body: sendsBody ? (body ?? {}) : body,
    };
  }
}
