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
import { type Observable, tap } from 'rxjs';
import { Operation } from '../proxy/audit.interceptor.js';
import { FleetService } from './fleet.service.js';

/**
 * Any signed-in request keeps the fleet snapshot refreshing (an idle gateway reads nothing), and a
 * write that changed setups (a re-trigger, a data refresh, an edit) has them read at the next
 * refresh.
 */
@Injectable()
export class FleetActivityInterceptor implements NestInterceptor {
  constructor(
    @Inject(FleetService) private readonly fleet: FleetService,
    @Inject(Reflector) private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.switchToHttp().getRequest<Request>().session?.user) this.fleet.noteActivity();
    const op = this.reflector.get(Operation, context.getHandler()) as AnyOperation | undefined;
    if (!op || op.idempotent || op.service !== 'customer-setup') return next.handle();
    return next.handle().pipe(
      tap(() => {
        const res = context.switchToHttp().getResponse<Response>();
        if (res.statusCode >= 300) return;
        const ids = setupIdsOf(
          (res.locals.validatedRequest as { body?: unknown } | undefined)?.body,
        );
        if (ids.length) void this.fleet.noteChange(ids);
      }),
    );
  }
}

/** The setup ids of a write's body as its contract parsed it: one item, or one per retailer. */
function setupIdsOf(body: unknown): number[] {
  const items: unknown[] = Array.isArray(body) ? body : [body];
  return items.flatMap((item) => {
    const id = (item as { setupId?: unknown } | null)?.setupId;
    return typeof id === 'number' && Number.isSafeInteger(id) ? [id] : [];
  });
}
