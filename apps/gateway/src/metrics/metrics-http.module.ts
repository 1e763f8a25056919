import { type DynamicModule, Module } from '@nestjs/common';
import { Registry } from 'prom-client';
import { MetricsController } from './metrics.controller.js';

/** The metrics application: `GET /metrics` and nothing else (404 for the rest). */
@Module({})
export class MetricsHttpModule {
  static forRoot(registry: Registry): DynamicModule {
    return {
      module: MetricsHttpModule,
      controllers: [MetricsController],
      providers: [{ provide: Registry, useValue: registry }],
    };
  }
}
