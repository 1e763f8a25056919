import {
  type DynamicModule,
  Global,
  Inject,
  Module,
  type OnApplicationShutdown,
  type Provider,
} from '@nestjs/common';
import type { Logger } from 'pino';
import { OidcClient } from './auth/oidc.client.js';
import { createSessionStore, type FailFastSessionStore } from './auth/session/session-store.js';
import { ApiDocsModule } from './common/contract/api-docs.module.js';
import { HttpPipelineModule } from './common/http/http-pipeline.module.js';
import { loggingModule } from './common/logging/logging.module.js';
import { NestLogger } from './common/logging/nest-logger.js';
import { ConnectionDrainService } from './common/http/connection-drain.service.js';
import { RedisConnection } from './common/redis/redis-connection.js';
import { createUpstreamClients, type UpstreamClients } from './common/upstream/upstream.client.js';
import type { GatewayConfig } from './config/app-config.js';
import { GatewayMetrics } from './metrics/gateway-metrics.js';
import { APP_CONFIG, LOGGER, OIDC_CLIENT, REDIS, SESSION_STORE, UPSTREAMS } from './tokens.js';

/**
 * Made once and closed in order at shutdown; configuration and logger are made before Nest, so a
 * bad setting stops at once.
 */
@Global()
@Module({})
export class CoreModule implements OnApplicationShutdown {
  constructor(
    @Inject(SESSION_STORE) private readonly store: FailFastSessionStore,
    @Inject(REDIS) private readonly redis: RedisConnection | null,
    @Inject(UPSTREAMS) private readonly upstreams: UpstreamClients,
    @Inject(OIDC_CLIENT) private readonly oidc: OidcClient,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  static forRoot(config: GatewayConfig, logger: Logger): DynamicModule {
    const providers: Provider[] = [
      { provide: APP_CONFIG, useValue: config },
      { provide: LOGGER, useValue: logger },
      {
        provide: REDIS,
        useFactory: () => {
          const { store, redisUrl, storeTimeoutMs } = config.session;
          if (store !== 'redis' || !redisUrl) return null;
          return new RedisConnection(redisUrl, logger, storeTimeoutMs).start();
        },
      },
      {
        provide: SESSION_STORE,
        inject: [REDIS, GatewayMetrics],
        useFactory: (redis: RedisConnection | null, metrics: GatewayMetrics) =>
          createSessionStore(
            config,
            redis ?? undefined,
            logger,
            metrics.sessionStoreObserver(config.session.store),
          ),
      },
      { provide: UPSTREAMS, useFactory: () => createUpstreamClients(config, logger) },
      { provide: OIDC_CLIENT, useFactory: () => new OidcClient(config.oidc, logger) },
      ConnectionDrainService,
      NestLogger,
    ];
    return {
      module: CoreModule,
      // The request logger first: Nest mounts global modules' middleware in the order it
      // registered the modules, and one imported a level deeper came after HttpPipelineModule.
      // The request-id tests fail if it does (ClientRequestIdMiddleware needs its scope).
      imports: [loggingModule(), HttpPipelineModule, ApiDocsModule],
      providers,
      exports: providers.map((p) => ('provide' in p ? p.provide : p)),
    };
  }

  async onApplicationShutdown(): Promise<void> {
    this.oidc.close();
    for (const client of this.upstreams.values()) client.close();
    this.store.close();
    await this.redis?.close();
    // The spans of the requests just finished are exported before the process exits. Loaded
    // only when tracing runs: main.ts started it, and this is the same module.
    if (this.config.tracing) await (await import('./tracing/tracing.js')).stopTracing();
    this.logger.info('shut down');
  }
}
