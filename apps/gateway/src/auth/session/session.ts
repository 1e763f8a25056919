import type { Request, Response } from 'express';
import type { GatewayConfig } from '../../config/app-config.js';

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

/** The session cookie's attributes: set by the session middleware, cleared with the same. */
export const cookieOf = ({ session }: GatewayConfig) =>
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
