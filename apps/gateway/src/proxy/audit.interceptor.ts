import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AnyOperation } from '@onboarding/contracts';
import type { Request, Response } from 'express';
import { type Observable, tap } from 'rxjs';
import { ApiException } from '../common/errors/api-exception.js';

export const Operation = Reflector.createDecorator<AnyOperation>();

/** The operation of the route and its request, for the interceptors below. */
function routeOf(reflector: Reflector, context: ExecutionContext) {
  const op = reflector.get(Operation, context.getHandler()) as AnyOperation | undefined;
  if (!op) throw new Error(`${context.getClass().name} has a route without its operation`);
  return { op, req: context.switchToHttp().getRequest<Request>() };
}

/** One audit line per state-changing call (on writes only): who, which operation, which ids, the outcome. */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const { op, req } = routeOf(this.reflector, context);
    const line = (status: number, errorCode?: string) =>
      req.log.info(
        {
          audit: true,
          user: req.session.user?.email ?? '',
          operation: op.id,
          ids: collectIds(validated(context)),
          outcome: errorCode ? 'failure' : 'success',
          status,
          errorCode,
        },
        'audit',
      );
    return next.handle().pipe(
      tap({
        next: () => line(context.switchToHttp().getResponse<Response>().statusCode),
        error: (err: unknown) =>
          err instanceof ApiException ? line(err.getStatus(), err.code) : line(500, 'INTERNAL'),
      }),
    );
  }
}

/** The request as its contract parsed it (the handler keeps it): none when the pipe refused it. */
export const keepValidated = (res: Response, request: unknown) => {
  res.locals.validatedRequest = request;
};
const validated = (context: ExecutionContext): unknown =>
  context.switchToHttp().getResponse<Response>().locals.validatedRequest;

/** Longer id values are cut: an audit line stays a line. */
const MAX_ID_LENGTH = 64;
const bounded = (v: unknown) =>
  typeof v === 'string' && v.length > MAX_ID_LENGTH ? `${v.slice(0, MAX_ID_LENGTH)}…` : v;

/**
 * From the validated request only, so only fields the operation declares (docs/security.md#logs);
 * bounded in count and depth so that an audit line stays a line.
 */
function collectIds(value: unknown, ids: Record<string, unknown> = {}, depth = 0) {
  if (depth > 3 || !value || typeof value !== 'object') return ids;
  const entries: [string, unknown][] = Array.isArray(value)
    ? (value as unknown[]).slice(0, 10).map((v) => ['', v])
    : Object.entries(value);
  for (const [key, v] of entries) {
    if (Object.keys(ids).length >= 20) break;
    if (!(key === 'id' || key.endsWith('Id')) || !['number', 'string'].includes(typeof v))
      collectIds(v, ids, depth + 1);
    else if (ids[key] === undefined) ids[key] = bounded(v);
    else if (ids[key] !== bounded(v))
      ids[key] = [...new Set([ids[key], bounded(v)].flat())].slice(0, 10);
  }
  return ids;
}
