import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/** Whether the gateway is draining for shutdown: not ready, finishing in-flight requests. */
@Injectable()
export class Lifecycle {
  private inFlight = 0;
  draining = false;

  get active(): number {
    return this.inFlight;
  }

  /** Counts requests in flight; while draining, answers close their connection. */
  tracker() {
    return (_req: Request, res: Response, next: NextFunction) => {
      this.inFlight += 1;
      res.once('close', () => (this.inFlight -= 1));
      if (this.draining) res.setHeader('Connection', 'close');
      next();
    };
  }
}
