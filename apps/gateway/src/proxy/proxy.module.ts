import { type DynamicModule, Module } from '@nestjs/common';
import { PROXY_AREAS } from '@onboarding/contracts';
import { proxyController } from './proxy.controller.js';
import { ProxyServiceModule } from './proxy-service.module.js';

@Module({})
export class ProxyAreasModule {
  /**
   * One Nest module per upstream area of the contracts (rem_omni, categoryanalytics, meta,
   * product_register, customersetup, llm), each with the controller generated from its
   * operations: an area the contracts add is served without code here.
   */
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
