import * as oidc from 'openid-client';
import type { Logger } from 'pino';
import passport from 'passport';
import type { GatewayConfig } from '../config/app-config.js';
import { ApiException } from '../common/errors/api-exception.js';
import { OidcStrategy } from './oidc.strategy.js';

/** Gateways made in this process (tests run several): each names its passport strategy. */
let gateways = 0;

const unavailable = () =>
  new ApiException(503, 'UPSTREAM_UNAVAILABLE', 'The sign-in service is unavailable right now.', {
    upstream: { service: 'identity-provider', status: 0 },
    retryAfter: 1,
  });

/**
 * The gateway's client of the identity provider (openid-client 6): discovery on first use and
 * retried after a failure (the IdP may start after the gateway), the passport strategy made from
 * it, the logout address.
 */
export class OidcClient {
  /**
   * passport's strategies are process-wide by name: `oidc`, or `oidc-2`… for a further gateway
   * in the same process, so that each one's guards reach its own strategy.
   */
  readonly strategyName = ++gateways === 1 ? 'oidc' : `oidc-${gateways}`;
  private configuration: oidc.Configuration | undefined;
  private registered: OidcStrategy | undefined;
  private pending: Promise<oidc.Configuration> | undefined;
  private lastFailure = 0;

  constructor(
    private readonly settings: GatewayConfig['oidc'],
    private readonly logger: Logger,
    private readonly retryAfterMs = 1000,
  ) {}

  /** Discovery, once; a failure is remembered for a moment, then tried again. */
  async discover(): Promise<oidc.Configuration> {
    if (this.configuration) return this.configuration;
    if (this.pending) return this.pending;
    if (Date.now() - this.lastFailure < this.retryAfterMs) {
      throw unavailable();
    }
    const issuer = new URL(this.settings.issuer);
    this.pending = oidc
      .discovery(
        issuer,
        this.settings.clientId,
        { client_secret: this.settings.clientSecret },
        oidc.ClientSecretBasic(this.settings.clientSecret),
        {
          timeout: 5,
          // Plain http is for the sandbox on one machine; production issuers are https.
          ...(issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {}),
        },
      )
      .then((configuration) => {
        this.configuration = configuration;
        this.logger.info({ issuer: this.settings.issuer }, 'identity provider discovered');
        return configuration;
      })
      .catch((err: unknown) => {
        this.lastFailure = Date.now();
        this.logger.warn(
          { issuer: this.settings.issuer, cause: (err as Error).message },
          'identity provider discovery failed',
        );
        throw unavailable();
      })
      .finally(() => {
        this.pending = undefined;
      });
    return this.pending;
  }

  /** The passport strategy, registered once the IdP is discovered (it needs the Configuration). */
  async strategy(): Promise<OidcStrategy> {
    const configuration = await this.discover();
    return (this.registered ??= new OidcStrategy(configuration, this.settings, this.strategyName));
  }

  /** Unregisters the strategy when the gateway closes. */
  close(): void {
    if (this.registered) passport.unuse(this.strategyName);
    this.registered = undefined;
  }

  /** The IdP's end-session address, or the login page when the IdP has none (or is down). */
  async logoutUrl(idToken: string | undefined): Promise<string> {
    try {
      const configuration = await this.discover();
      if (!configuration.serverMetadata().end_session_endpoint)
        return this.settings.postLogoutRedirectUri;
      return oidc.buildEndSessionUrl(configuration, {
        post_logout_redirect_uri: this.settings.postLogoutRedirectUri,
        client_id: this.settings.clientId,
        ...(idToken ? { id_token_hint: idToken } : {}),
      }).href;
    } catch {
      return this.settings.postLogoutRedirectUri;
    }
  }
}
