import type { DynamicModule, Type } from '@nestjs/common';
import type { AnyOperation } from '@onboarding/contracts';
import { ProxyRoutes } from './proxy-routes.js';

/**
 * The Nest module of one upstream prefix: when the gateway starts it mounts its area's
 * operations — declared in the contracts, nothing else — on the proxy's route table, which the
 * gateway's front door serves (gateway.ts: proxied calls skip Express's and Nest's routers, a
 * measured third of the gateway's CPU per call).
 */
export function createProxyModule(
  moduleClass: Type<unknown>,
  area: string,
  ops: readonly AnyOperation[],
): DynamicModule {
  return {
    module: moduleClass,
    providers: [
      {
        provide: Symbol(`proxy routes of ${area}`),
        inject: [ProxyRoutes],
        useFactory: (routes: ProxyRoutes) => {
          routes.mount(area, ops);
          return area;
        },
      },
    ],
  };
}
