import { Injectable, type NestMiddleware } from '@nestjs/common';
import compression from 'compression';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * The API's answers gzip- or brotli-compressed for a client that accepts it (a fleet snapshot of
 * 5,000 setups is about 1.8 MB of JSON): compression's defaults, so answers under 1 KB stay plain
 * and `Cache-Control: no-transform` is honoured. Mounted on /api only: the web app's files are
 * served from the build's own .br/.gz files (web-app.middleware.ts). Behind docker/web's nginx, an
 * answer already encoded is passed on as it is (nginx's gzip leaves it alone). The one streamed
 * answer, the failure watch's events (watch/watch.controller.ts), carries Nest's SSE header
 * `Cache-Control: no-transform`, so it is passed on uncompressed, each event as it is written.
 */
@Injectable()
export class CompressionMiddleware implements NestMiddleware {
  private readonly compress: RequestHandler = compression();

  use(req: Request, res: Response, next: NextFunction): void {
    void this.compress(req, res, next);
  }
}
