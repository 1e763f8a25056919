import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/** Whether the gateway is draining for shutdown: not ready, finishing in-flight requests. */
@Injectable()
export class Lifecycle {
  /** Requests in flight. */
  active = 0;
  draining = false;

  /** Counts requests in flight; while draining, answers close their connection. */
  tracker() {
    return (_req: Request, res: Response, next: NextFunction) => {
      this.active += 1;
      res.once('close', () => (this.active -= 1));
      if (this.draining) res.setHeader('Connection', 'close');
      next();
    };
  }
}
