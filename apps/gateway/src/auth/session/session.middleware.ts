import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import type { GatewayConfig } from '../../config/app-config.js';
import { Errors } from '../../common/errors/api-exception.js';
import { sendError } from '../../common/errors/send-error.js';
import type { FailFastSessionStore } from './session-store.js';

/** A sign-in in progress (security.md: stored server-side, used once, expires). */
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
    /** Pending sign-ins by their `state`. */
    signIn?: Record<string, PendingSignIn>;
  }
}

/**
 * express-session over the fail-fast store. The cookie is a browser-session cookie (no
 * Max-Age): the idle timeout lives server-side, as the store entry's expiry, pushed forward by
 * one cheap touch per request; the absolute timeout is checked by the guard from the sign-in
 * time. An unmodified session costs one read and one touch: never a rewrite, never a new
 * Set-Cookie.
 */
export function createSessionMiddleware(
  config: GatewayConfig,
  store: FailFastSessionStore,
): RequestHandler {
  const s = config.session;
  const middleware = session({
    name: s.cookieName,
    secret: s.secret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    genid: () => randomBytes(32).toString('base64url'),
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: s.secureCookie,
      path: '/',
    },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    if (s.secureCookie) {
      // The browser reaches us over https (PUBLIC_URL says so) even when TLS ends before the
      // gateway; decided from configuration, never from X-Forwarded-* headers.
      Object.defineProperty(req, 'secure', { value: true });
    }
    middleware(req, res, (err?: unknown) => {
      if (err) {
        req.log?.warn({ cause: (err as Error).message }, 'session store unavailable');
        sendError(req, res, Errors.storeUnavailable());
        return;
      }
      if (!req.session) {
        sendError(req, res, Errors.storeUnavailable());
        return;
      }
      next();
    });
  };
}

/** 401 unless a signed-in session that is within its absolute lifetime. */
export function createSessionGuard(config: GatewayConfig): RequestHandler {
  const absolute = config.session.absoluteTimeoutMs;
  return (req: Request, res: Response, next: NextFunction) => {
    const user = req.session?.user;
    if (!user) {
      sendError(req, res, Errors.unauthenticated());
      return;
    }
    if (Date.now() - user.signedInAt > absolute) {
      req.session.destroy(() => {
        res.clearCookie(config.session.cookieName, { path: '/' });
        sendError(req, res, Errors.unauthenticated());
      });
      return;
    }
    res.locals.user = user.email;
    next();
  };
}

/** Saves the session now, so a store failure becomes a 503 instead of a lost sign-in. */
export function saveSession(req: Request): Promise<void> {
  return new Promise((resolve, reject) =>
    req.session.save((err?: unknown) => (err ? reject(asError(err)) : resolve())),
  );
}

export function regenerateSession(req: Request): Promise<void> {
  return new Promise((resolve, reject) =>
    req.session.regenerate((err?: unknown) => (err ? reject(asError(err)) : resolve())),
  );
}

export function destroySession(req: Request): Promise<void> {
  return new Promise((resolve, reject) =>
    req.session.destroy((err?: unknown) => (err ? reject(asError(err)) : resolve())),
  );
}

function asError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}
