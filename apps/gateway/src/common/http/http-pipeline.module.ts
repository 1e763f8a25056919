import { Global, type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import { SessionMiddleware } from '../../auth/session/session.middleware.js';
import { METRICS_PATH } from '../../metrics/metrics.controller.js';
import { MetricsNotServedHereMiddleware } from '../../metrics/metrics-not-served-here.middleware.js';
import { RequestMetricsMiddleware } from '../../metrics/request-metrics.middleware.js';
import { ClientRequestIdMiddleware } from '../logging/client-request-id.middleware.js';
import { CompressionMiddleware } from './compression.middleware.js';
import { JsonBodyMiddleware } from './json-body.middleware.js';
import { PrototypePollutionMiddleware } from './prototype-pollution.middleware.js';
import { SecurityHeadersMiddleware } from './security-headers.middleware.js';
import { WebAppMiddleware } from './web-app.middleware.js';

/**
 * Global because Nest mounts global modules' middleware before any other module's, so this runs
 * ahead of the rate limits (app.module.ts), and after nestjs-pino's request logger (global
 * too, imported before it). The order below is the order requests meet it.
 */
@Global()
@Module({})
export class HttpPipelineModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // '/' mounts on every path and keeps it as it came; 'api' is /api and below.
    consumer
      .apply(ClientRequestIdMiddleware, RequestMetricsMiddleware, SecurityHeadersMiddleware)
      .forRoutes('/');
    consumer.apply(MetricsNotServedHereMiddleware).forRoutes(METRICS_PATH); // METRICS_PORT only
    consumer.apply(WebAppMiddleware, JsonBodyMiddleware).forRoutes('/');
    consumer
      .apply(CompressionMiddleware, PrototypePollutionMiddleware, SessionMiddleware)
      .forRoutes('api');
  }
}
