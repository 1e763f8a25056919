import { Inject, Injectable } from '@nestjs/common';
import { OIDC_CLIENT } from '../tokens.js';
import { SignInError } from './identity.js';
import type { OidcClient } from './oidc.client.js';
import { OidcGuard } from './oidc.guard.js';
import type { OidcAuthenticateOptions } from './oidc.strategy.js';

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
