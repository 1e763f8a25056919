import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
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

/**
 * The session of an API call, read-only: the hot path of every proxied request. It verifies the
 * cookie exactly as express-session does (`s:<id>.<HMAC-SHA256 of the id>`, compared in constant
 * time), reads the session from the store once (so a logout or expiry anywhere counts at once),
 * and pushes its idle expiry forward (the store throttles that), but never writes the session or
 * sets a cookie: API routes only read it. Without express-session's bookkeeping (two SHA-1
 * hashes of the session and two of the signature per request, a wrapped `res.end`) it costs a
 * fifth of the CPU. Sign-in and logout keep the full middleware.
 *
 * No cookie, a bad signature or an unknown id leave `req.session` undefined (the guard answers
 * 401); a store that fails or is slow answers 503.
 */
export function createSessionReader(
  config: GatewayConfig,
  store: FailFastSessionStore,
): RequestHandler {
  const { cookieName, secret } = config.session;
  // Cookie values whose signature was verified (a signature depends only on the id and the
  // secret, so the answer never changes); bounded, and forged values never enter it.
  const verified = new Map<string, string>();
  const sign = (id: string) =>
    createHmac('sha256', secret).update(id).digest('base64').replace(/=+$/, '');
  const sessionId = (value: string): string | undefined => {
    const known = verified.get(value);
    if (known !== undefined) return known;
    if (!value.startsWith('s:')) return undefined;
    const dot = value.lastIndexOf('.');
    if (dot < 2) return undefined;
    const id = value.slice(2, dot);
    const given = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(sign(id));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    if (verified.size >= 10_000) verified.clear();
    verified.set(value, id);
    return id;
  };
  return (req: Request, res: Response, next: NextFunction) => {
    const raw = cookieValue(req.headers.cookie, cookieName);
    const id = raw === undefined ? undefined : sessionId(raw);
    if (id === undefined) return next();
    store.get(id, (err, data) => {
      if (err) {
        req.log?.warn({ cause: (err as Error).message }, 'session store unavailable');
        sendError(req, res, Errors.storeUnavailable());
        return;
      }
      if (data) {
        req.sessionID = id;
        // The same store object express-session was given (it adds `generate` to it).
        req.sessionStore = store as unknown as typeof req.sessionStore;
        store.createSession(req, data);
        store.touch(id, req.session, () => undefined);
      }
      next();
    });
  };
}

/** The first cookie of that name, URL-decoded as the `cookie` package does; undefined if none. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length > 1)
      value = value.slice(1, -1);
    if (!value.includes('%')) return value;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
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
        clearSessionCookie(res, config);
        sendError(req, res, Errors.unauthenticated());
      });
      return;
    }
    res.locals.user = user.email;
    next();
  };
}

/**
 * Tells the browser to drop the session cookie, with the cookie's own attributes (a browser
 * ignores a `__Host-` cookie cleared without `Secure`). Plain Node calls, as Express's
 * `res.clearCookie` would write it: it also runs on the proxy's front door.
 */
export function clearSessionCookie(res: Response, config: GatewayConfig): void {
  const cleared = `${config.session.cookieName}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax${config.session.secureCookie ? '; Secure' : ''}`;
  const existing = res.getHeader('Set-Cookie');
  const list =
    existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  res.setHeader('Set-Cookie', [...list, cleared]);
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
