import { type DynamicModule, Module } from '@nestjs/common';
import { AuthModule } from './auth/auth.module.js';
import { CoreModule, type GatewayRuntime } from './core.module.js';
import { HealthModule } from './health/health.module.js';
import { PROXY_MODULES } from './modules/index.js';

@Module({})
export class AppModule {
  /**
   * @param proxyModules the proxy modules to mount: every upstream prefix of the contracts by
   *   default; tests of the proxy mechanism pass their own.
   */
  static forRoot(
    runtime: GatewayRuntime,
    proxyModules: readonly DynamicModule[] = PROXY_MODULES,
  ): DynamicModule {
    return {
      module: AppModule,
      imports: [CoreModule.forRoot(runtime), HealthModule, AuthModule, ...proxyModules],
    };
  }
}
