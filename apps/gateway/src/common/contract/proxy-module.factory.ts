import {
  Controller,
  type DynamicModule,
  Inject,
  RequestMapping,
  RequestMethod,
  Req,
  Res,
  type Type,
} from '@nestjs/common';
import type { AnyOperation } from '@onboarding/contracts';
import type { Request, Response } from 'express';
import { ProxyService } from '../upstream/proxy.service.js';

const pascal = (s: string) =>
  s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

/**
 * A controller with one route per declared operation, each delegating to the ProxyService:
 * the routes exist because the contracts declare them, and nothing else is forwarded.
 */
export function createProxyController(area: string, ops: readonly AnyOperation[]): Type<unknown> {
  class ProxyController {
    constructor(readonly proxy: ProxyService) {}
  }
  Inject(ProxyService)(ProxyController, undefined, 0);
  const proto = ProxyController.prototype as unknown as Record<string, unknown>;
  for (const op of ops) {
    if (op.service === 'gateway')
      throw new Error(`${op.id} is answered by the gateway, not proxied`);
    const key = `${op.name}__${op.method.toLowerCase()}`;
    if (key in proto) throw new Error(`${area}: operation ${op.name} declared twice`);
    proto[key] = function (this: ProxyController, req: Request, res: Response): Promise<void> {
      return this.proxy.forward(op, req, res);
    };
    Req()(proto, key, 0);
    Res()(proto, key, 1);
    const descriptor = Object.getOwnPropertyDescriptor(proto, key)!;
    RequestMapping({ path: op.path, method: RequestMethod[op.method] })(proto, key, descriptor);
  }
  Controller()(ProxyController);
  Object.defineProperty(ProxyController, 'name', { value: `${pascal(area)}ProxyController` });
  return ProxyController;
}

/** The Nest module of one upstream prefix: its controller, built from its operations. */
export function createProxyModule(
  moduleClass: Type<unknown>,
  area: string,
  ops: readonly AnyOperation[],
): DynamicModule {
  return { module: moduleClass, controllers: [createProxyController(area, ops)] };
}
