import {
  type DynamicModule,
  Inject,
  type MiddlewareConsumer,
  Module,
  type NestModule,
  RequestMethod,
} from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { API_ROUTES, SIGN_IN_CALLBACK } from '@onboarding/contracts';
import type { Logger } from 'pino';
import { AuthModule } from './auth/auth.module.js';
import { ApiExceptionFilter } from './common/errors/api-exception.filter.js';
import { CsrfGuard } from './common/guards/csrf.guard.js';
import { clientAddressOf } from './common/http/client-address.js';
import { rateLimits } from './common/http/rate-limits.js';
import type { RedisConnection } from './common/redis/redis-connection.js';
import type { GatewayConfig } from './config/app-config.js';
import { CoreModule } from './core.module.js';
import { HealthModule } from './health/health.module.js';
import { GatewayMetrics } from './metrics/gateway-metrics.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { ProxyAreasModule } from './proxy/proxy.module.js';
import { APP_CONFIG, LOGGER, REDIS } from './tokens.js';

@Module({})
export class AppModule implements NestModule {
  constructor(
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @Inject(REDIS) private readonly redis: RedisConnection | null,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(GatewayMetrics) private readonly metrics: GatewayMetrics,
  ) {}

  static forRoot(config: GatewayConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config, logger),
        MetricsModule.forRoot(config),
        HealthModule,
        AuthModule,
        ProxyAreasModule.forRoot(),
      ],
      providers: [
        // Every state-changing request, sign-in included, proves it is same-origin.
        { provide: APP_GUARD, useClass: CsrfGuard },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
      ],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    const { rateLimit, trustProxyHops } = this.config;
    const limits = rateLimits(
      rateLimit,
      clientAddressOf(trustProxyHops),
      this.redis ?? undefined,
      this.logger,
      (limiter) => this.metrics.rateLimitRefused(limiter),
    );
    consumer.apply(limits.signIn).forRoutes(
      ...[API_ROUTES.session.getAuthUrl, SIGN_IN_CALLBACK].map(({ method, path }) => ({
        path,
        method: RequestMethod[method],
      })),
    );
    consumer
      .apply(limits.api)
      .exclude(
        'api/health',
        'api/ready',
        'api/docs',
        'api/docs/{*rest}',
        'api/docs-json',
        'api/sso/{*rest}',
      )
      .forRoutes('api/{*rest}');
  }
}
