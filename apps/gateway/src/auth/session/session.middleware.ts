import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import { PinoLogger } from 'nestjs-pino';
import type { GatewayConfig } from '../../config/app-config.js';
import { Errors } from '../../common/errors/api-exception.js';
import { APP_CONFIG, SESSION_STORE } from '../../tokens.js';
import { cookieOf } from './session.js';
import type { FailFastSessionStore } from './session-store.js';

/**
 * express-session on /api: a browser-session cookie, idle expiry kept by the store (throttled
 * touches), the absolute one by the session guard; an unmodified session is not rewritten.
 */
@Injectable()
export class SessionMiddleware implements NestMiddleware {
  private readonly session: RequestHandler;
  private readonly secure: boolean;

  constructor(
    @Inject(APP_CONFIG) config: GatewayConfig,
    @Inject(SESSION_STORE) store: FailFastSessionStore,
    @Inject(PinoLogger) private readonly logger: PinoLogger,
  ) {
    const s = config.session;
    this.secure = s.secureCookie;
    this.session = session({
      name: s.cookieName,
      secret: s.secret,
      store,
      resave: false,
      saveUninitialized: false,
      rolling: false,
      genid: () => randomBytes(32).toString('base64url'),
      cookie: cookieOf(config),
    });
  }

  use(req: Request, res: Response, next: NextFunction): void {
    // The browser reaches us over https when PUBLIC_URL says so, even when TLS ends before the
    // gateway: decided from configuration, never from X-Forwarded-* headers.
    if (this.secure) Object.defineProperty(req, 'secure', { value: true });
    void this.session(req, res, (err?: unknown) => {
      if (err || !req.session) {
        if (err) this.logger.warn({ cause: (err as Error).message }, 'session store unavailable');
        next(Errors.storeUnavailable());
        return;
      }
      next();
    });
  }
}
