import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Errors } from '../common/errors/api-exception.js';
import type { GatewayMetrics } from './gateway-metrics.js';
import { operationOf } from './operations.js';

/** Where Prometheus looks by default: on the operators' port it is an unknown path, never the app. */
export const METRICS_PATH = '/metrics';

/**
 * Counts and times every request, from before the session store to the end of its answer.
 * Express middleware rather than a Nest interceptor: an interceptor never sees what guards,
 * middleware or the body parser refuse (401, 429, 413, 503), nor the session store's time.
 */
export function requestMetrics(metrics: GatewayMetrics): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = performance.now();
    res.once('close', () => {
      // 499, as the fault table says it: the browser went away before the answer was complete.
      const status = res.writableFinished ? res.statusCode : 499;
      const operation = operationOf(req.method, req.originalUrl.split('?')[0]!);
      const code = (res.locals as { errorCode?: string }).errorCode ?? '';
      metrics.requestEnded(operation, status, code, (performance.now() - started) / 1000);
    });
    next();
  };
}

/** `/metrics` on the operators' port: 404, whatever the web app would answer for a page. */
export function metricsNotServedHere(_req: Request, _res: Response, next: NextFunction): void {
  next(Errors.notFound());
}
