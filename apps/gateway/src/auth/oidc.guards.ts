import { type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { checkRequest, type SignInRequest, sessionOps } from '@onboarding/contracts';
import type { Request } from 'express';
import { ApiException } from '../common/errors/api-exception.js';
import type { GatewayConfig } from '../config/app-config.js';
import { APP_CONFIG, OIDC_CLIENT } from '../tokens.js';
import { SignInError } from './identity.js';
import type { OidcClient } from './oidc.client.js';
import type { OidcAuthenticateOptions } from './oidc.strategy.js';
import { safeReturnTo } from './return-to.js';

export type StartedRequest = Request & { authorizationUrl: string };

/**
 * AuthGuard of this gateway's OIDC strategy (named per gateway: see OidcClient.strategyName).
 * Passport runs without its session support: the console keeps its own `req.session.user`.
 */
abstract class OidcGuard extends AuthGuard() {
  constructor(protected readonly oidc: OidcClient) {
    super({ defaultStrategy: oidc.strategyName, session: false });
  }
}

/** getAuthUrl: the body is checked, then an authorization request; 503 while the IdP is down. */
@Injectable()
export class SignInStartGuard extends OidcGuard {
  constructor(
    @Inject(OIDC_CLIENT) oidc: OidcClient,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
  ) {
    super(oidc);
  }

  override async getAuthenticateOptions(context: ExecutionContext) {
    // The contracts' one request check, as the proxied calls' pipe runs it.
    const req = context.switchToHttp().getRequest<Request>();
    const checked = checkRequest(sessionOps.getAuthUrl, req);
    if (!checked.ok)
      throw new ApiException(400, 'VALIDATION_FAILED', 'The request does not match the contract.', {
        issues: checked.issues,
      });
    await this.oidc.strategy();
    const { email, currentUrl } = checked.request.body as SignInRequest;
    const returnTo = safeReturnTo(currentUrl, this.config.publicOrigin);
    return { step: 'start', loginHint: email, returnTo, property: 'authorizationUrl' } as const;
  }
}

/** The callback: passport verifies the IdP's answer; any failure is a SignInError. */
@Injectable()
export class SignInCallbackGuard extends OidcGuard {
  constructor(@Inject(OIDC_CLIENT) oidc: OidcClient) {
    super(oidc);
  }

  override async getAuthenticateOptions(): Promise<OidcAuthenticateOptions> {
    await this.oidc.strategy().catch((cause: unknown) => {
      throw new SignInError('failed', 'identity provider unavailable', { cause });
    });
    return { step: 'callback' };
  }

  override handleRequest<T>(
    err: unknown,
    user: T | false,
    info?: { message?: string; error?: string },
  ): T {
    if (!err && user) return user;
    if (err instanceof SignInError) throw err;
    const reason = err
      ? 'identity provider answer refused'
      : info?.error
        ? 'identity provider error'
        : (info?.message ?? 'refused');
    throw new SignInError('failed', reason, { cause: err });
  }
}
