import { Inject, Injectable } from '@nestjs/common';
import { MESSAGES, SignInRequestSchema, toApiIssues } from '@onboarding/contracts';
import type { Request, Response } from 'express';
import type { GatewayConfig } from '../config/app-config.js';
import { ApiException, Errors } from '../common/errors/api-exception.js';
import { APP_CONFIG, OIDC_CLIENT } from '../tokens.js';
import { OidcClient, SignInError } from './oidc.client.js';
import { safeReturnTo } from './return-to.js';
import {
  destroySession,
  type PendingSignIn,
  regenerateSession,
  saveSession,
  clearSessionCookie,
} from './session/session.middleware.js';

const SIGN_IN_TTL_MS = 10 * 60_000;
const MAX_PENDING = 3;

/** Texts of `/login?error=` — generic on purpose: nothing of the IdP's answer is reflected. */
export const SIGN_IN_ERRORS = {
  failed: MESSAGES.loginFailed,
  domain: MESSAGES.loginDomainNotAllowed,
} as const;

@Injectable()
export class AuthService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @Inject(OIDC_CLIENT) private readonly oidc: OidcClient,
  ) {}

  /** POST /api/sso/getAuthUrl: keeps the transaction in the session, answers the IdP address. */
  async startSignIn(req: Request): Promise<string> {
    const body = SignInRequestSchema.safeParse(req.body ?? {});
    if (!body.success) {
      throw new ApiException(400, 'VALIDATION_FAILED', 'The request does not match the contract.', {
        issues: toApiIssues('body', body.error.issues),
      });
    }
    const started = await this.oidc.start(body.data.email);
    const now = Date.now();
    const pending: Record<string, PendingSignIn> = {};
    // A few sign-ins may be pending (several tabs); expired ones are dropped.
    const kept = Object.entries(req.session.signIn ?? {})
      .filter(([, p]) => p.expiresAt > now)
      .slice(-(MAX_PENDING - 1));
    for (const [state, p] of kept) pending[state] = p;
    pending[started.state] = {
      codeVerifier: started.codeVerifier,
      nonce: started.nonce,
      returnTo: safeReturnTo(body.data.currentUrl, this.config.publicOrigin),
      expiresAt: now + SIGN_IN_TTL_MS,
    };
    req.session.signIn = pending;
    await saveSession(req).catch(() => {
      throw Errors.storeUnavailable();
    });
    return started.url;
  }

  /** GET /api/sso/callback: always a redirect — to the return target, or to /login?error=. */
  async finishSignIn(req: Request, res: Response): Promise<void> {
    const failTo = (reason: keyof typeof SIGN_IN_ERRORS) =>
      res.redirect(303, `/login?error=${encodeURIComponent(SIGN_IN_ERRORS[reason])}`);
    const q = req.query;
    const state = typeof q.state === 'string' ? q.state : undefined;
    const pending = state ? req.session.signIn?.[state] : undefined;
    if (state && req.session.signIn && pending) {
      // Used once, whatever the outcome.
      delete req.session.signIn[state];
    }
    if (typeof q.error === 'string' || !pending || pending.expiresAt <= Date.now()) {
      req.log.warn(
        {
          reason:
            typeof q.error === 'string'
              ? 'identity provider error'
              : pending
                ? 'expired'
                : 'unknown transaction',
        },
        'sign-in refused',
      );
      if (pending) await saveSession(req).catch(() => undefined);
      failTo('failed');
      return;
    }
    const queryAt = req.originalUrl.indexOf('?');
    const query = queryAt === -1 ? '' : req.originalUrl.slice(queryAt);
    let identity: { email: string; idToken: string | undefined };
    try {
      identity = await this.oidc.finish(query, {
        state: state!,
        nonce: pending.nonce,
        codeVerifier: pending.codeVerifier,
      });
    } catch (err) {
      const reason = err instanceof SignInError ? err.reason : 'failed';
      req.log.warn(
        {
          reason: (err as Error).message,
          cause: ((err as Error).cause as Error | undefined)?.message,
        },
        'sign-in failed',
      );
      await saveSession(req).catch(() => undefined);
      failTo(reason);
      return;
    }
    try {
      // A fresh session id at sign-in: a planted pre-login id is worth nothing (fixation).
      await regenerateSession(req);
      req.session.user = { email: identity.email, signedInAt: Date.now() };
      if (identity.idToken) req.session.idToken = identity.idToken;
      await saveSession(req);
    } catch {
      throw Errors.storeUnavailable();
    }
    req.log.info(
      { audit: true, user: identity.email, operation: 'session.signIn', outcome: 'success' },
      'audit',
    );
    res.redirect(303, pending.returnTo);
  }

  /** POST /api/sso/logout: ends the session here and answers the IdP's logout address. */
  async signOut(req: Request, res: Response): Promise<string> {
    const idToken = req.session.idToken;
    const user = req.session.user?.email;
    await destroySession(req).catch(() => {
      throw Errors.storeUnavailable();
    });
    clearSessionCookie(res, this.config);
    if (user)
      req.log.info({ audit: true, user, operation: 'session.logout', outcome: 'success' }, 'audit');
    return this.oidc.logoutUrl(idToken);
  }

  /** GET /api/config: identity only, never a token. */
  currentConfig(req: Request): { user: { email: string }; dashboardBaseUrl: string } {
    const user = req.session.user;
    if (!user) throw Errors.unauthenticated();
    return { user: { email: user.email }, dashboardBaseUrl: this.config.dashboardBaseUrl };
  }
}
