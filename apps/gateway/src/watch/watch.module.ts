import {
  Inject,
  Injectable,
  type MiddlewareConsumer,
  Module,
  type NestMiddleware,
  type NestModule,
  RequestMethod,
} from '@nestjs/common';
import { API_ROUTES } from '@onboarding/contracts';
import type { NextFunction, Request, Response } from 'express';
import { FleetModule } from '../fleet/fleet.module.js';
import { ViewsModule } from '../views/views.module.js';
import { WatchController } from './watch.controller.js';
import { WatchService } from './watch.service.js';

/** A sign-out that succeeded ends the session's watch streams in this process at once. */
@Injectable()
class SignOutEndsWatch implements NestMiddleware {
  constructor(@Inject(WatchService) private readonly watch: WatchService) {}

  use(req: Request, res: Response, next: NextFunction): void {
    res.once('finish', () => {
      // The session id outlives the session's destruction on the request.
      if (res.statusCode < 300 && req.sessionID) this.watch.signedOut(req.sessionID);
    });
    next();
  }
}

/** The failure watch (issue 33): snapshot diffs pushed to every operator over SSE. */
@Module({
  // The operator store keeps each operator's seen sequence; the fleet's snapshots are diffed.
  imports: [FleetModule, ViewsModule],
  controllers: [WatchController],
  providers: [WatchService, SignOutEndsWatch],
})
export class WatchModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    const { path } = API_ROUTES.session.logout;
    consumer.apply(SignOutEndsWatch).forRoutes({ path, method: RequestMethod.POST });
  }
}
