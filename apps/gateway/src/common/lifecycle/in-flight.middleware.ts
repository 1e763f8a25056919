import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { Lifecycle } from './lifecycle.js';

/** Counts requests in flight; while draining, answers close their connection. */
@Injectable()
export class InFlightMiddleware implements NestMiddleware {
  constructor(@Inject(Lifecycle) private readonly lifecycle: Lifecycle) {}

  use(_req: Request, res: Response, next: NextFunction): void {
    this.lifecycle.active += 1;
    res.once('close', () => (this.lifecycle.active -= 1));
    if (this.lifecycle.draining) res.setHeader('Connection', 'close');
    next();
  }
}
