import {
  type CallHandler,
  type ExecutionContext,
  Inject,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { FleetService } from './fleet.service.js';

/** Any signed-in request keeps the fleet snapshot refreshing (an idle gateway reads nothing). */
@Injectable()
export class FleetActivityInterceptor implements NestInterceptor {
  constructor(@Inject(FleetService) private readonly fleet: FleetService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.switchToHttp().getRequest<Request>().session?.user) this.fleet.noteActivity();
    return next.handle();
  }
}
