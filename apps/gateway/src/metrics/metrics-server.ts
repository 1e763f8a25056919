import {
  Controller,
  type DynamicModule,
  Get,
  Inject,
  Injectable,
  Module,
  type OnApplicationShutdown,
  Res,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import type { Response } from 'express';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { Registry } from 'prom-client';
import { nestLogger } from '../common/logging/logger.js';
import type { GatewayConfig } from '../config/app-config.js';
import { APP_CONFIG, LOGGER } from '../tokens.js';
import { GatewayMetrics } from './gateway-metrics.js';

/** Where Prometheus looks by default: on the operators' port it is an unknown path, never the app. */
export const METRICS_PATH = '/metrics';

@Controller()
class MetricsController {
  constructor(@Inject(Registry) private readonly registry: Registry) {}

  @Get(METRICS_PATH)
  async scrape(@Res({ passthrough: true }) res: Response): Promise<string> {
    res.setHeader('Content-Type', this.registry.contentType);
    res.setHeader('Cache-Control', 'no-store');
    return this.registry.metrics();
  }
}

/** The metrics application: `GET /metrics` and nothing else (404 for the rest). */
@Module({})
class MetricsHttpModule {
  static forRoot(registry: Registry): DynamicModule {
    return {
      module: MetricsHttpModule,
      controllers: [MetricsController],
      providers: [{ provide: Registry, useValue: registry }],
    };
  }
}

/**
 * A second, small Nest application on METRICS_PORT that serves the gateway's registry, so that
 * metrics never share the operators' port (and their CSRF, session and rate-limit rules).
 * It listens once the gateway does and closes after it.
 */
@Injectable()
export class MetricsServer implements OnApplicationShutdown {
  private app: NestExpressApplication | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(GatewayMetrics) private readonly metrics: GatewayMetrics,
  ) {}

  /** Listens on METRICS_HOST:METRICS_PORT (nothing when off); resolves with the bound port. */
  async listen(): Promise<number | undefined> {
    const endpoint = this.config.metrics;
    if (!endpoint || this.app) return undefined;
    const app = await NestFactory.create<NestExpressApplication>(
      MetricsHttpModule.forRoot(this.metrics.registry),
      new ExpressAdapter(),
      { bodyParser: false, logger: nestLogger(this.logger), abortOnError: false },
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
