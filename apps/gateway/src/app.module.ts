import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import type { Logger } from 'pino';
import { AuthModule } from './auth/auth.module.js';
import { ApiExceptionFilter } from './common/errors/api-exception.filter.js';
import { CsrfGuard } from './common/guards/csrf.guard.js';
import { RateLimitGuard } from './common/guards/rate-limit.guard.js';
import type { GatewayConfig } from './config/app-config.js';
import { CoreModule } from './core.module.js';
import { FleetModule } from './fleet/fleet.module.js';
import { HealthModule } from './health/health.module.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { ProxyAreasModule } from './proxy/proxy.module.js';
import { ViewsModule } from './views/views.module.js';
import { WatchModule } from './watch/watch.module.js';

@Module({})
export class AppModule {
  static forRoot(config: GatewayConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config, logger),
        MetricsModule.forRoot(config),
        HealthModule,
        AuthModule,
        ProxyAreasModule.forRoot(),
        FleetModule,
        ViewsModule,
        WatchModule,
      ],
      providers: [
        // Every state-changing request, sign-in included, proves it is same-origin.
        { provide: APP_GUARD, useClass: CsrfGuard },
        // Then the limits the handlers declare (@RateLimit): a refused request counts for none.
        { provide: APP_GUARD, useClass: RateLimitGuard },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
      ],
    };
  }
}
