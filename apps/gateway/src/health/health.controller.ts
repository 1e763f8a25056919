import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { ReadinessService } from './readiness.service.js';

@ApiExcludeController() // probes, not part of the API
@Controller('api')
export class HealthController {
  constructor(@Inject(ReadinessService) private readonly readiness: ReadinessService) {}

  /** Alive: the process answers HTTP. */
  @Get('health')
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Ready: sessions and upstreams reachable, and not shutting down (terminus's answer). */
  @Get('ready')
  async ready(@Res() res: Response): Promise<void> {
    const result = await this.readiness.check();
    res.status(result.status === 'ok' || result.status === 'degraded' ? 200 : 503).json(result);
  }
}
