import {
  Controller,
  Inject,
  Req,
  RequestMapping,
  RequestMethod,
  Res,
  type Type,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { type AnyOperation, type OperationArea, PROXY_OPERATIONS } from '@onboarding/contracts';
import type { Request, Response } from 'express';
import { ContractOperation } from '../common/contract/openapi.js';
import { SessionGuard } from '../auth/session/session.guard.js';
import { RateLimit } from '../common/guards/rate-limit.guard.js';
import { ProxyService } from './proxy.service.js';
import { ContractPipe, type ParsedRequest, RequestPartsOf } from './contract.pipe.js';

import { AuditInterceptor, keepValidated, Operation } from './audit.interceptor.js';

const operationsOf = (area: OperationArea): readonly AnyOperation[] =>
  PROXY_OPERATIONS.filter((op) => op.area === area);

/**
 * The controller of one upstream area: a handler per contract operation at its method and path,
 * behind the API's rate limit, the session guard and the operation's pipe; writes also behind the audit interceptor.
 */
export function proxyController(area: OperationArea): Type<unknown> {
  @Controller()
  @RateLimit({ limiter: 'api' })
  @UseGuards(SessionGuard)
  class AreaProxyController {
    constructor(@Inject(ProxyService) readonly proxy: ProxyService) {}
  }
  const proto = AreaProxyController.prototype as unknown as Record<string, unknown>;
  for (const op of operationsOf(area)) {
    async function handler(
      this: AreaProxyController,
      parsed: ParsedRequest,
      req: Request,
      res: Response,
    ): Promise<unknown> {
      keepValidated(res, parsed);
      return this.proxy.forward(op, parsed, req, res);
    }
    proto[op.name] = handler;
    const descriptor = Object.getOwnPropertyDescriptor(proto, op.name)!;
    Operation(op)(proto, op.name, descriptor);
    ContractOperation(op)(proto, op.name, descriptor);
    if (!op.idempotent) UseInterceptors(AuditInterceptor)(proto, op.name, descriptor);
    RequestMapping({ path: op.path, method: RequestMethod[op.method] })(proto, op.name, descriptor);
    RequestPartsOf(new ContractPipe(op))(proto, op.name, 0);
    Req()(proto, op.name, 1);
    Res({ passthrough: true })(proto, op.name, 2);
  }
  Object.defineProperty(AreaProxyController, 'name', { value: `ProxyController(${area})` });
  return AreaProxyController;
}
