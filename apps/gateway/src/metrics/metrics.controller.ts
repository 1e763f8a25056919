import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Registry } from 'prom-client';

/** Where Prometheus looks by default: on the operators' port it is an unknown path, never the app. */
export const METRICS_PATH = '/metrics';

@Controller()
export class MetricsController {
  constructor(@Inject(Registry) private readonly registry: Registry) {}

  @Get(METRICS_PATH)
  async scrape(@Res({ passthrough: true }) res: Response): Promise<string> {
    res.setHeader('Content-Type', this.registry.contentType);
    res.setHeader('Cache-Control', 'no-store');
    return this.registry.metrics();
  }
}
