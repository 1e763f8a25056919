import { AuthGuard } from '@nestjs/passport';
import type { OidcClient } from './oidc.client.js';

/**
 * AuthGuard of this gateway's OIDC strategy (named per gateway: see OidcClient.strategyName).
 * Passport runs without its session support: the console keeps its own `req.session.user`.
 */
export abstract class OidcGuard extends AuthGuard() {
  constructor(protected readonly oidc: OidcClient) {
    super({ defaultStrategy: oidc.strategyName, session: false });
  }
}
