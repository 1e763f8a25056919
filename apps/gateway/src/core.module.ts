import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import type { GatewayConfig } from './config/app-config.js';
import type { FailFastSessionStore } from './auth/session/session-store.js';
import type { Lifecycle } from './common/lifecycle/lifecycle.js';
import type { OidcClient } from './auth/oidc.client.js';
import { ProxyRoutes } from './common/contract/proxy-routes.js';
import { ProxyService } from './common/upstream/proxy.service.js';
import { UpstreamClients } from './common/upstream/upstream-clients.js';
import { APP_CONFIG, LIFECYCLE, LOGGER, OIDC_CLIENT, SESSION_STORE } from './tokens.js';

/** The objects built before Nest starts (config, logger, store, clients), shared with every module. */
export interface GatewayRuntime {
  readonly config: GatewayConfig;
  readonly logger: Logger;
  readonly store: FailFastSessionStore;
  readonly lifecycle: Lifecycle;
  readonly upstreams: UpstreamClients;
  readonly oidc: OidcClient;
  /** The proxied operations the proxy modules mount. */
  readonly proxyRoutes: ProxyRoutes;
}

@Global()
@Module({})
export class CoreModule {
  static forRoot(runtime: GatewayRuntime): DynamicModule {
    const providers = [
      { provide: APP_CONFIG, useValue: runtime.config },
      { provide: LOGGER, useValue: runtime.logger },
      { provide: SESSION_STORE, useValue: runtime.store },
      { provide: LIFECYCLE, useValue: runtime.lifecycle },
      { provide: OIDC_CLIENT, useValue: runtime.oidc },
      { provide: UpstreamClients, useValue: runtime.upstreams },
      { provide: ProxyRoutes, useValue: runtime.proxyRoutes },
      ProxyService,
    ];
    return {
      module: CoreModule,
      providers,
      exports: providers.map((p) => ('provide' in p ? p.provide : p)),
    };
  }
}
