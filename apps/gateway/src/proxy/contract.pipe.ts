import {
  createParamDecorator,
  type ExecutionContext,
  Injectable,
  type PipeTransform,
} from '@nestjs/common';
import type { AnyOperation } from '@onboarding/contracts';
import type { Request } from 'express';
import { type ParsedRequest, parseRequest, type RequestParts } from './parse-request.js';

/** The parts of a request a contract speaks of: path params, query and body. */
export const RequestPartsOf = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): RequestParts => {
    const req = ctx.switchToHttp().getRequest<Request>();
    return {
      params: req.params,
      query: req.query,
      body: req.body as unknown,
    };
  },
);

/** Parses a proxied call's params, query and body with its operation's schemas (400 otherwise). */
@Injectable()
export class ContractPipe implements PipeTransform<RequestParts, ParsedRequest> {
  constructor(private readonly op: AnyOperation) {}

  transform(parts: RequestParts): ParsedRequest {
    return parseRequest(this.op, parts);
  }
}
