import * as oidc from 'openid-client';
import type { Logger } from 'pino';
import passport from 'passport';
import type { GatewayConfig } from '../config/app-config.js';
import { maskUrlCredentials } from '../config/mask.js';
import { ApiException } from '../common/errors/api-exception.js';
import { OidcStrategy } from './oidc.strategy.js';

/** Gateways made in this process (tests run several): each names its passport strategy. */
let gateways = 0;

const unavailable = () =>
  new ApiException(503, 'UPSTREAM_UNAVAILABLE', 'The sign-in service is unavailable right now.', {
    upstream: { service: 'identity-provider', status: 0 },
    retryAfter: 1,
  });

/** Discovery is tried again a second after a failure: the IdP may start after the gateway. */
export class OidcClient {
  /** passport's strategies are process-wide by name: `oidc`, `oidc-2`… per gateway. */
  readonly strategyName = ++gateways === 1 ? 'oidc' : `oidc-${gateways}`;
  private discovered: Promise<oidc.Configuration> | undefined;
  private failedAt = 0;
  private registered: OidcStrategy | undefined;

  constructor(
    private readonly settings: GatewayConfig['oidc'],
    private readonly logger: Logger,
  ) {}

  discover(): Promise<oidc.Configuration> {
    if (!this.discovered && Date.now() - this.failedAt < 1000) return Promise.reject(unavailable());
    const { issuer, clientId, clientSecret } = this.settings;
    const url = new URL(issuer);
    // Plain http is for the sandbox on one machine; production issuers are https.
    const execute = url.protocol === 'http:' ? [oidc.allowInsecureRequests] : [];
    return (this.discovered ??= oidc
      .discovery(
        url,
        clientId,
        { client_secret: clientSecret },
        oidc.ClientSecretBasic(clientSecret),
        {
          timeout: 5,
          execute,
        },
      )
      .then((configuration) => {
        this.logger.info({ issuer: maskUrlCredentials(issuer) }, 'identity provider discovered');
        return configuration;
      })
      .catch((err: unknown) => {
        this.discovered = undefined;
        this.failedAt = Date.now();
        this.logger.warn(
          // The cause may quote the address it failed on.
          { issuer: maskUrlCredentials(issuer), cause: maskUrlCredentials((err as Error).message) },
          'identity provider discovery failed',
        );
        throw unavailable();
      }));
  }

  /** The passport strategy, registered once the IdP is discovered (it needs the Configuration). */
  async strategy(): Promise<OidcStrategy> {
    const configuration = await this.discover();
    return (this.registered ??= new OidcStrategy(configuration, this.settings, this.strategyName));
  }

  close(): void {
    if (this.registered) passport.unuse(this.strategyName);
    this.registered = undefined;
  }

  /** The IdP's end-session address, or the login page when the IdP has none (or is down). */
  async logoutUrl(idToken: string | undefined): Promise<string> {
    const fallback = this.settings.postLogoutRedirectUri;
    const configuration = await this.discover().catch(() => undefined);
    if (!configuration?.serverMetadata().end_session_endpoint) return fallback;
    return oidc.buildEndSessionUrl(configuration, {
      post_logout_redirect_uri: fallback,
      client_id: this.settings.clientId,
      ...(idToken ? { id_token_hint: idToken } : {}),
    }).href;
  }
}
