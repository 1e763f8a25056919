import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import type { GatewayConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../tokens.js';
import { toApiException } from '../errors/api-exception.js';

/**
 * body-parser's JSON, in the pipeline's order rather than ahead of every middleware (Nest's own
 * `bodyParser`); its errors keep their meaning (413, 415, 400 naming the body) on the way to the
 * filter, instead of Nest's generic mapping of a SyntaxError.
 */
@Injectable()
export class JsonBodyMiddleware implements NestMiddleware {
  private readonly parse: RequestHandler;

  constructor(@Inject(APP_CONFIG) config: GatewayConfig) {
    this.parse = express.json({ limit: config.bodyLimitBytes, strict: true });
  }

  use(req: Request, res: Response, next: NextFunction): void {
    void this.parse(req, res, (err?: unknown) => next(err ? toApiException(err) : undefined));
  }
}
