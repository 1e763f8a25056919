import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import * as client from 'openid-client';
import { type AuthenticateOptions, Strategy } from 'openid-client/passport';
import type { StrategyCreated, StrategyCreatedStatic } from 'passport';
import { Errors } from '../common/errors/api-exception.js';
import type { GatewayConfig } from '../config/app-config.js';
import { SignInError, verifiedEmail } from './identity.js';
import { type PendingSignIn, saveSession } from './session/session.js';
import {
  type AuthorizationRequestState,
  keepTransaction,
  takeTransaction,
} from './sign-in-transactions.js';

declare module 'express-session' {
  interface SessionData {
    /** The Strategy's slot for one authorization request: filled and emptied within a request. */
    oidcRequest?: AuthorizationRequestState;
  }
}

/** What the guards hand to passport.authenticate for this strategy. */
export interface OidcAuthenticateOptions extends AuthenticateOptions {
  /** `start`: getAuthUrl makes an authorization request; `callback`: the IdP's answer. */
  readonly step: 'start' | 'callback';
  /** Where to land after sign-in (start only; already made safe). */
  readonly returnTo?: string;
}

export type SignedIn = Awaited<ReturnType<OidcStrategy['validate']>>;

type Tokens = client.TokenEndpointResponse & client.TokenEndpointResponseHelpers;
type Created = StrategyCreated<OidcStrategy, OidcStrategy & StrategyCreatedStatic>;

/** The transaction of each callback in flight: passport gives validate() only req and tokens. */
const callbacks = new WeakMap<Request, PendingSignIn>();

/**
 * openid-client's passport strategy with what the console adds: state and nonce always, several
 * pending sign-ins per session, the configured callback address, the address answered as JSON.
 */
export class OidcStrategy extends PassportStrategy(Strategy) {
  constructor(
    private readonly configuration: client.Configuration,
    private readonly settings: GatewayConfig['oidc'],
    name: string,
  ) {
    super({
      config: configuration,
      name,
      callbackURL: settings.redirectUri,
      scope: 'openid email profile',
      sessionKey: 'oidcRequest',
      passReqToCallback: true,
    });
  }

  override authenticate<T extends AuthenticateOptions>(this: Created, req: Request, given: T) {
    const options = given as unknown as OidcAuthenticateOptions;
    const saved = (then: () => void) =>
      saveSession(req).then(then, () => this.error(Errors.storeUnavailable()));
    if (options.step === 'start') {
      // getAuthUrl answers the address as JSON: the Strategy's redirect files the transaction
      // and hands the address to the guard instead.
      this.redirect = (url: string) => {
        keepTransaction(req.session, req.session.oidcRequest!, options.returnTo ?? '/');
        delete req.session.oidcRequest;
        void saved(() => this.success(url));
      };
      return super.authenticate(req, options);
    }
    const state = typeof req.query.state === 'string' ? req.query.state : undefined;
    const taken = takeTransaction(req.session, state);
    if (!taken.pending) return this.fail({ message: taken.refused });
    // Saved as used before the code is exchanged: a replay finds nothing, here or on a replica.
    void saved(() => {
      const { codeVerifier, nonce } = taken.pending;
      req.session.oidcRequest = { code_verifier: codeVerifier, nonce, state };
      callbacks.set(req, taken.pending);
      super.authenticate(req, options);
    });
  }

  /** State and nonce in every request (the Strategy adds state only without PKCE support). */
  override authorizationRequestParams<T extends AuthenticateOptions>(
    req: Request,
    options: T,
  ): URLSearchParams {
    const params = new URLSearchParams(super.authorizationRequestParams(req, options));
    params.set('state', client.randomState());
    params.set('nonce', client.randomNonce());
    return params;
  }

  /** The callback's address from configuration, never from Host or X-Forwarded-*. */
  override currentUrl(req: Request): URL {
    const url = new URL(this.settings.redirectUri);
    url.search = req.originalUrl.slice(req.originalUrl.indexOf('?') + 1 || Infinity);
    return url;
  }

  /** Only getAuthUrl starts a sign-in; a GET of the callback without a code is a failure. */
  override shouldInitiateAuthRequest<T extends AuthenticateOptions>(
    _req: Request,
    _url: URL,
    options: T,
  ): boolean {
    return (options as unknown as OidcAuthenticateOptions).step === 'start';
  }

  /** The verified identity: the e-mail from the ID token, or from userinfo when it has none. */
  async validate(req: Request, tokens: Tokens) {
    const returnTo = callbacks.get(req)?.returnTo ?? '/';
    const claims = tokens.claims();
    if (!claims) throw new SignInError('failed', 'no ID token');
    const identity =
      claims.email !== undefined
        ? { email: claims.email, email_verified: claims.email_verified }
        : await client
            .fetchUserInfo(this.configuration, tokens.access_token, claims.sub)
            .catch((err: unknown) => {
              throw new SignInError('failed', 'userinfo failed', { cause: err });
            });
    const email = verifiedEmail(identity, this.settings.allowedEmailDomains);
    return { email, idToken: tokens.id_token, returnTo };
  }
}
