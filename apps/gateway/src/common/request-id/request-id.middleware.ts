import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { GatewayConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../tokens.js';

/** An incoming id is kept only when it is short and made of safe characters (it is logged and echoed). */
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/;
const wellFormed = (value: unknown) =>
  typeof value === 'string' && WELL_FORMED.test(value) ? value : undefined;

declare module 'http' {
  interface IncomingMessage {
    /** The caller's own X-Request-Id, well-formed: logged beside the id, never as it. */
    clientRequestId?: string;
  }
}

/**
 * Every request's id, the one audit lines carry: made here, or taken from the edge proxy's
 * X-Request-Id when there is a trusted one (TRUST_PROXY_HOPS), never from a caller. A caller's
 * X-Request-Id (X-Client-Request-Id, as the proxy passes it on) is kept as `clientRequestId`.
 */
@Injectable()
export class RequestIdMiddleware implements NestMiddleware {
  private readonly behindProxy: boolean;

  constructor(@Inject(APP_CONFIG) config: GatewayConfig) {
    this.behindProxy = config.trustProxyHops > 0;
  }

  use(req: Request, res: Response, next: NextFunction): void {
    req.id = (this.behindProxy && wellFormed(req.headers['x-request-id'])) || randomUUID();
    req.clientRequestId = wellFormed(
      req.headers[this.behindProxy ? 'x-client-request-id' : 'x-request-id'],
    );
    res.setHeader('X-Request-Id', req.id);
    next();
  }
}

export function requestIdOf(req: Request): string {
  return typeof req.id === 'string' ? req.id : JSON.stringify(req.id);
}
