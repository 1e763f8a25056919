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
 * Not Nest's own `bodyParser`: that runs ahead of every middleware and maps a SyntaxError
 * generically; here errors keep their meaning (413, 415, 400 naming the body).
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
