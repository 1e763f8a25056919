import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import type { GatewayConfig } from '../../config/app-config.js';
import { Errors } from '../../common/errors/api-exception.js';
import { APP_CONFIG, SESSION_STORE } from '../../tokens.js';
import type { FailFastSessionStore } from './session-store.js';

/** A sign-in in progress: stored server-side, used once, expires (docs/security.md#sign-in). */
export interface PendingSignIn {
  readonly codeVerifier: string;
  readonly nonce: string;
  readonly returnTo: string;
  readonly expiresAt: number;
}

declare module 'express-session' {
  interface SessionData {
    user?: { email: string; signedInAt: number };
    /** Kept server-side only, as the hint for the IdP's logout. */
    idToken?: string;
    signIn?: Record<string, PendingSignIn>;
  }
}

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
        if (err) req.log?.warn({ cause: (err as Error).message }, 'session store unavailable');
        next(Errors.storeUnavailable());
        return;
      }
      next();
    });
  }
}

const cookieOf = ({ session }: GatewayConfig) =>
  ({ httpOnly: true, sameSite: 'lax', secure: session.secureCookie, path: '/' }) as const;

/** Drops the session cookie, with its own attributes (a `__Host-` one needs `Secure` to go). */
export function clearSessionCookie(res: Response, config: GatewayConfig): void {
  res.clearCookie(config.session.cookieName, cookieOf(config));
}

/** express-session's callback methods as promises: a store failure rejects. */
const promised = (method: 'save' | 'regenerate' | 'destroy') => (req: Request) =>
  new Promise<void>((resolve, reject) =>
    req.session[method]((err?: unknown) =>
      err ? reject(err instanceof Error ? err : new Error('session store failed')) : resolve(),
    ),
  );
/** Saves the session now, so a store failure becomes a 503 instead of a lost sign-in. */
export const saveSession = promised('save');
export const regenerateSession = promised('regenerate');
export const destroySession = promised('destroy');
