import { Injectable, type NestMiddleware } from '@nestjs/common';
import { Errors } from '../common/errors/api-exception.js';

/** `/metrics` on the operators' port: 404, whatever the web app would answer for a page. */
@Injectable()
export class MetricsNotServedHereMiddleware implements NestMiddleware {
  use(): never {
    throw Errors.notFound();
  }
}
