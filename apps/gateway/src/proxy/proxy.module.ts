import { type DynamicModule, Module } from '@nestjs/common';
import { PROXY_AREAS } from '@onboarding/contracts';
import { proxyController } from './proxy.controller.js';
import { ProxyServiceModule } from './proxy-service.module.js';

@Module({})
export class ProxyAreasModule {
  /** A module and generated controller per area: an area the contracts add needs no code here. */
  static forRoot(): DynamicModule {
    return {
      module: ProxyAreasModule,
      imports: PROXY_AREAS.map((area) => {
        @Module({})
        class AreaModule {}
        Object.defineProperty(AreaModule, 'name', { value: `ProxyAreaModule(${area})` });
        return {
          module: AreaModule,
          imports: [ProxyServiceModule],
          controllers: [proxyController(area)],
        };
      }),
    };
  }
}
