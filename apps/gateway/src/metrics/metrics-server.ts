import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import type { AddressInfo } from 'node:net';
import { InjectPinoLogger, PinoLogger } from 'nestjs-pino';
import { NestLogger } from '../common/logging/nest-logger.js';
import type { GatewayConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../tokens.js';
import { GatewayMetrics } from './gateway-metrics.js';
import { MetricsHttpModule } from './metrics-http.module.js';
import { METRICS_PATH } from './metrics.controller.js';

/**
 * A Nest application of its own, so metrics never share the operators' port (and its CSRF,
 * session and rate-limit rules). It listens once the gateway does and closes after it.
 */
@Injectable()
export class MetricsServer implements OnApplicationShutdown {
  private app: NestExpressApplication | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @InjectPinoLogger(MetricsServer.name) private readonly logger: PinoLogger,
    @Inject(GatewayMetrics) private readonly metrics: GatewayMetrics,
    @Inject(NestLogger) private readonly nestLogger: NestLogger,
  ) {}

  /** Listens on METRICS_HOST:METRICS_PORT (nothing when off); resolves with the bound port. */
  async listen(): Promise<number | undefined> {
    const endpoint = this.config.metrics;
    if (!endpoint || this.app) return undefined;
    const app = await NestFactory.create<NestExpressApplication>(
      MetricsHttpModule.forRoot(this.metrics.registry),
      new ExpressAdapter(),
      { bodyParser: false, logger: this.nestLogger, abortOnError: false },
    );
    app.set('x-powered-by', false);
    this.app = app;
    await (endpoint.host ? app.listen(endpoint.port, endpoint.host) : app.listen(endpoint.port));
    const { port } = app.getHttpServer().address() as AddressInfo;
    this.logger.info({ port, path: METRICS_PATH }, 'metrics listening');
    return port;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.app?.close();
    this.app = undefined;
  }
}
