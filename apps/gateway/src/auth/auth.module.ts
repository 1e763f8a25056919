import { Inject, Module, type OnModuleDestroy } from '@nestjs/common';
import { OIDC_CLIENT } from '../tokens.js';
import { AuthService } from './auth.service.js';
import type { OidcClient } from './oidc.client.js';
import { SsoController } from './sso.controller.js';

@Module({ controllers: [SsoController], providers: [AuthService] })
export class AuthModule implements OnModuleDestroy {
  constructor(@Inject(OIDC_CLIENT) private readonly oidc: OidcClient) {}

  onModuleDestroy(): void {
    this.oidc.close();
  }
}
