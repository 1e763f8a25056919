import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AnyOperation } from '@onboarding/contracts';
import type { Request, Response } from 'express';
import { type Observable, tap } from 'rxjs';
import { ApiException } from '../common/errors/api-exception.js';

const OPERATION = Symbol('contract operation');

/** Marks a route handler with the contract operation it serves. */
export const Operation = (op: AnyOperation) => SetMetadata(OPERATION, op);

function operationOf(reflector: Reflector, context: ExecutionContext): AnyOperation {
  const op = reflector.get<AnyOperation | undefined>(OPERATION, context.getHandler());
  if (!op) throw new Error(`${context.getClass().name} has a route without its operation`);
  return op;
}

/**
 * Overwrites the operation's identity fields (createdBy, updatedBy, requestedBy) with the
 * signed-in operator's e-mail before the contract pipe reads the body: the browser's value never
 * counts (security.md, "Identity fields").
 */
@Injectable()
export class IdentityInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const op = operationOf(this.reflector, context);
    if (op.identity?.length) {
      const req = context.switchToHttp().getRequest<Request>();
      const email = req.session.user?.email ?? '';
      // Identity fields are top-level fields of an object body (the contracts' tests hold this).
      const body: unknown = req.body;
      if (body && typeof body === 'object' && !Array.isArray(body))
        req.body = { ...body, ...Object.fromEntries(op.identity.map((f) => [f, email])) };
    }
    return next.handle();
  }
}

/** One audit line per state-changing call: who, which operation, which ids, and the outcome. */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const op = operationOf(this.reflector, context);
    if (op.idempotent) return next.handle();
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const line = (outcome: 'success' | 'failure', status: number, errorCode?: string) =>
      req.log.info(
        {
          audit: true,
          user: req.session.user?.email ?? '',
          operation: op.id,
          ids: collectIds(req.params, req.query, req.body),
          outcome,
          status,
          ...(errorCode ? { errorCode } : {}),
        },
        'audit',
      );
    return next.handle().pipe(
      tap({
        next: () => line('success', http.getResponse<Response>().statusCode),
        error: (err: unknown) =>
          err instanceof ApiException
            ? line('failure', err.status, err.code)
            : line('failure', 500, 'INTERNAL'),
      }),
    );
  }
}

/** Ids worth an audit line: scalar fields named `id` or `…Id`, at most a few. */
function collectIds(...sources: unknown[]): Record<string, unknown> {
  const ids: Record<string, unknown> = {};
  let count = 0;
  const visit = (value: unknown, depth: number) => {
    if (count >= 20 || depth > 2 || !value || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value.slice(0, 10)) visit(item, depth + 1);
      return;
    }
    for (const [key, v] of Object.entries(value)) {
      if ((key === 'id' || /Id$/.test(key)) && (typeof v === 'number' || typeof v === 'string')) {
        const prev = ids[key];
        if (prev === undefined) ids[key] = v;
        else if (Array.isArray(prev)) {
          if (!prev.includes(v)) prev.push(v);
        } else if (prev !== v) ids[key] = [prev, v];
        count += 1;
      } else if (typeof v === 'object') visit(v, depth + 1);
    }
  };
  for (const s of sources) visit(s, 0);
  return ids;
}
