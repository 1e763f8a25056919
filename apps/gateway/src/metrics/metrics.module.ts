import { type DynamicModule, Global, Inject, Module, type OnModuleInit } from '@nestjs/common';
import type { UpstreamClients } from '../common/upstream/upstream.client.js';
import type { GatewayConfig } from '../config/app-config.js';
import { UPSTREAMS } from '../tokens.js';
import { GatewayMetrics } from './gateway-metrics.js';
import { MetricsServer } from './metrics-server.js';

/**
 * The gateway's metrics, for every module to count into (session store, proxy, rate limits,
 * sign-in), and the server that exposes them on their own port (README.md#metrics).
 */
@Global()
@Module({})
export class MetricsModule implements OnModuleInit {
  constructor(
    @Inject(GatewayMetrics) private readonly metrics: GatewayMetrics,
    @Inject(UPSTREAMS) private readonly upstreams: UpstreamClients,
  ) {}

  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: MetricsModule,
      providers: [
        {
          provide: GatewayMetrics,
          useFactory: () => new GatewayMetrics({ processMetrics: config.metrics !== undefined }),
        },
        MetricsServer,
      ],
      exports: [GatewayMetrics, MetricsServer],
    };
  }

  onModuleInit(): void {
    this.metrics.watch(this.upstreams);
  }
}
