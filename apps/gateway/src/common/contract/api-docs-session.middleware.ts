import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { GatewayConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../tokens.js';
import { requireSession } from '../../auth/session/session.guard.js';

/**
 * API_DOCS=session: the docs answer as an API call does, by the API's own session rule (the
 * absolute lifetime included); without a session the error goes to the filter as a 401.
 */
@Injectable()
export class ApiDocsSessionMiddleware implements NestMiddleware {
  constructor(@Inject(APP_CONFIG) private readonly config: GatewayConfig) {}

  async use(req: Request, res: Response, next: NextFunction): Promise<void> {
    await requireSession(req, res, this.config);
    next();
  }
}
