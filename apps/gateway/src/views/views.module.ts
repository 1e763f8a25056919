import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import type { RedisConnection } from '../common/redis/redis-connection.js';
import type { GatewayConfig } from '../config/app-config.js';
import { APP_CONFIG, LOGGER, OPERATOR_STORE, REDIS } from '../tokens.js';
import { FleetModule } from '../fleet/fleet.module.js';
import { FleetListService } from './fleet-list.service.js';
import { createOperatorStore, type OperatorStore } from './operator-store.js';
import { ViewsController } from './views.controller.js';

/**
 * Saved views and the filtered fleet list (issue 33). Exports the operator store, which the
 * failure watch keeps its per-operator seen sequence and watched setups in.
 */
@Module({
  imports: [FleetModule],
  controllers: [ViewsController],
  providers: [
    FleetListService,
    {
      provide: OPERATOR_STORE,
      inject: [APP_CONFIG, REDIS, LOGGER],
      // Migrated before the gateway listens: a store that cannot be migrated stops the start.
      useFactory: (config: GatewayConfig, redis: RedisConnection | null, logger: Logger) =>
        createOperatorStore(config, redis, logger),
    },
  ],
  exports: [OPERATOR_STORE],
})
export class ViewsModule implements OnApplicationShutdown {
  constructor(@Inject(OPERATOR_STORE) private readonly store: OperatorStore) {}

  onApplicationShutdown(): Promise<void> {
    return this.store.close();
  }
}
