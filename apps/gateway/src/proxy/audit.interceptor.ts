import {
  type CallHandler,
  type ExecutionContext,
  Inject,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AnyOperation } from '@onboarding/contracts';
import type { Request, Response } from 'express';
import { PinoLogger } from 'nestjs-pino';
import { type Observable, tap } from 'rxjs';
import { ApiException } from '../common/errors/api-exception.js';
import { collectIds } from './audit-ids.js';

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
  constructor(
    private readonly reflector: Reflector,
    @Inject(PinoLogger) private readonly logger: PinoLogger,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const { op, req } = routeOf(this.reflector, context);
    const line = (status: number, errorCode?: string) =>
      this.logger.info(
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
