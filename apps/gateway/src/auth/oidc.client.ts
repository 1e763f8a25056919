import * as oidc from 'openid-client';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { GatewayConfig } from '../config/app-config.js';
import { ApiException } from '../common/errors/api-exception.js';

export class SignInError extends Error {
  override readonly name = 'SignInError';
  constructor(
    readonly reason: 'failed' | 'domain',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

const EmailSchema = z.email().max(254);

/**
 * The gateway's only client of the identity provider (openid-client 6): discovery on first use
 * and retried after a failure (the IdP may start after the gateway), authorization code + PKCE
 * + state + nonce, ID-token verification, logout address.
 */
export class OidcClient {
  private configuration: oidc.Configuration | undefined;
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
      throw new ApiException(
        503,
        'UPSTREAM_UNAVAILABLE',
        'The sign-in service is unavailable right now.',
        {
          upstream: { service: 'identity-provider', status: 0 },
          retryAfter: 1,
        },
      );
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
        throw new ApiException(
          503,
          'UPSTREAM_UNAVAILABLE',
          'The sign-in service is unavailable right now.',
          {
            upstream: { service: 'identity-provider', status: 0 },
            retryAfter: 1,
          },
        );
      })
      .finally(() => {
        this.pending = undefined;
      });
    return this.pending;
  }

  get ready(): boolean {
    return this.configuration !== undefined;
  }

  /** Starts a sign-in: the IdP address and the secrets to keep server-side. */
  async start(
    loginHint: string,
  ): Promise<{ url: string; state: string; nonce: string; codeVerifier: string }> {
    const configuration = await this.discover();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.settings.redirectUri,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      login_hint: loginHint,
    });
    return { url: url.href, state, nonce, codeVerifier };
  }

  /**
   * Finishes a sign-in: exchanges the code (PKCE, state, nonce checked by openid-client), and
   * returns the verified e-mail and the ID token (kept for the logout hint).
   */
  async finish(
    callbackQuery: string,
    expected: { state: string; nonce: string; codeVerifier: string },
  ): Promise<{ email: string; idToken: string | undefined }> {
    const configuration = await this.discover();
    // The callback address comes from configuration, never from the Host header.
    const currentUrl = new URL(this.settings.redirectUri + callbackQuery);
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
      });
    } catch (err) {
      throw new SignInError('failed', 'code exchange failed', { cause: err });
    }
    const claims = tokens.claims();
    if (!claims) throw new SignInError('failed', 'no ID token');
    let email: unknown = claims.email;
    let verified: unknown = claims.email_verified;
    if (email === undefined) {
      try {
        const info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
        email = info.email;
        verified = info.email_verified;
      } catch (err) {
        throw new SignInError('failed', 'userinfo failed', { cause: err });
      }
    }
    const parsed = EmailSchema.safeParse(
      typeof email === 'string' ? email.trim().toLowerCase() : email,
    );
    if (!parsed.success) throw new SignInError('failed', 'no valid e-mail in the identity');
    if (verified === false)
      throw new SignInError('failed', 'e-mail not verified by the identity provider');
    const domain = parsed.data.split('@')[1] ?? '';
    const allowed = this.settings.allowedEmailDomains;
    if (allowed.length > 0 && !allowed.includes(domain)) {
      throw new SignInError('domain', 'e-mail domain not allowed');
    }
    return { email: parsed.data, idToken: tokens.id_token };
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
