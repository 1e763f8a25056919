import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { PinoLogger } from 'nestjs-pino';
import type { GatewayConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../tokens.js';
import { clientRequestIdOf } from './logger.js';

/**
 * A caller's own request id on every line of its request, beside the gateway's (the request's
 * line has it from pino-http's custom props): docs/security.md#request-ids.
 */
@Injectable()
export class ClientRequestIdMiddleware implements NestMiddleware {
  constructor(
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @Inject(PinoLogger) private readonly logger: PinoLogger,
  ) {}

  use(req: Request, _res: Response, next: NextFunction): void {
    const clientRequestId = clientRequestIdOf(this.config, req);
    if (clientRequestId) this.logger.assign({ clientRequestId });
    next();
  }
}
