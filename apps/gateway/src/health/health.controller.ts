import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ReadinessService } from './readiness.service.js';

@Controller('api')
export class HealthController {
  constructor(@Inject(ReadinessService) private readonly readiness: ReadinessService) {}

  /** Alive: the process answers HTTP. */
  @Get('health')
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Ready: sessions and upstreams reachable, and not shutting down. */
  @Get('ready')
  async ready(@Res() res: Response): Promise<void> {
    const r = await this.readiness.check();
    res.status(r.ready ? 200 : 503).json({ status: r.status, checks: r.checks });
  }
}
