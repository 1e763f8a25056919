import { type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { checkRequest, type SignInRequest, sessionOps } from '@onboarding/contracts';
import type { Request } from 'express';
import { Errors } from '../common/errors/api-exception.js';
import type { GatewayConfig } from '../config/app-config.js';
import { APP_CONFIG, OIDC_CLIENT } from '../tokens.js';
import type { OidcClient } from './oidc.client.js';
import { OidcGuard } from './oidc.guard.js';
import { safeReturnTo } from './return-to.js';

export type StartedRequest = Request & { authorizationUrl: string };

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
    if (!checked.ok) throw Errors.contract(checked.issues);
    await this.oidc.strategy();
    const { email, currentUrl } = checked.request.body as SignInRequest;
    const returnTo = safeReturnTo(currentUrl, this.config.publicOrigin);
    return { step: 'start', loginHint: email, returnTo, property: 'authorizationUrl' } as const;
  }
}
