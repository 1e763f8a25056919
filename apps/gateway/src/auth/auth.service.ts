import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { PinoLogger } from 'nestjs-pino';
import type { GatewayConfig } from '../config/app-config.js';
import { Errors } from '../common/errors/api-exception.js';
import { GatewayMetrics } from '../metrics/gateway-metrics.js';
import { APP_CONFIG, OIDC_CLIENT } from '../tokens.js';
import type { OidcClient } from './oidc.client.js';
import type { SignedIn } from './oidc.strategy.js';
import {
  clearSessionCookie,
  destroySession,
  regenerateSession,
  saveSession,
} from './session/session.js';

@Injectable()
export class AuthService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @Inject(OIDC_CLIENT) private readonly oidc: OidcClient,
    @Inject(GatewayMetrics) private readonly metrics: GatewayMetrics,
    @Inject(PinoLogger) private readonly logger: PinoLogger,
  ) {}

  /** After the callback guard: the session of the verified operator; answers where to land. */
  async signIn(req: Request, who: SignedIn): Promise<string> {
    try {
      // A fresh session id at sign-in: a planted pre-login id is worth nothing (fixation).
      await regenerateSession(req);
      req.session.user = { email: who.email, signedInAt: Date.now() };
      if (who.idToken) req.session.idToken = who.idToken;
      await saveSession(req);
    } catch {
      this.metrics.signIn('store_unavailable');
      throw Errors.storeUnavailable();
    }
    this.metrics.signIn('success');
    this.logger.info(
      { audit: true, user: who.email, operation: 'session.signIn', outcome: 'success' },
      'audit',
    );
    return who.returnTo;
  }

  async signOut(req: Request, res: Response): Promise<string> {
    const idToken = req.session.idToken;
    const user = req.session.user?.email;
    await destroySession(req).catch(() => {
      throw Errors.storeUnavailable();
    });
    clearSessionCookie(res, this.config);
    if (user)
      this.logger.info(
        { audit: true, user, operation: 'session.logout', outcome: 'success' },
        'audit',
      );
    return this.oidc.logoutUrl(idToken);
  }

  currentConfig(req: Request): { user: { email: string }; dashboardBaseUrl: string } {
    const user = req.session.user;
    if (!user) throw Errors.unauthenticated();
    return { user: { email: user.email }, dashboardBaseUrl: this.config.dashboardBaseUrl };
  }
}
