import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { GatewayMetrics } from './gateway-metrics.js';
import { operationOf } from './operations.js';

/**
 * Middleware, not an interceptor: an interceptor never sees what guards, middleware or the body
 * parser refuse (401, 429, 413, 503), nor the session store's time.
 */
@Injectable()
export class RequestMetricsMiddleware implements NestMiddleware {
  constructor(@Inject(GatewayMetrics) private readonly metrics: GatewayMetrics) {}

  use(req: Request, res: Response, next: NextFunction): void {
    const started = performance.now();
    this.metrics.requestStarted();
    res.once('close', () => {
      // 499, as the fault table says it: the browser went away before the answer was complete.
      const status = res.writableFinished ? res.statusCode : 499;
      const operation = operationOf(req.method, req.originalUrl.split('?')[0]!);
      const code = (res.locals as { errorCode?: string }).errorCode ?? '';
      this.metrics.requestEnded(operation, status, code, (performance.now() - started) / 1000);
    });
    next();
  }
}
