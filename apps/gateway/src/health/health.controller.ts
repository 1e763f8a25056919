import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { HealthCheckResult, HealthIndicatorResult } from '@nestjs/terminus';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { clientAddressOf } from '../common/http/client-address.js';
import type { GatewayConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../tokens.js';
import { ReadinessService } from './readiness.service.js';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/** Each check's status, without the messages terminus keeps beside it. */
function statusesOnly(result: HealthCheckResult): HealthCheckResult {
  const only = (checks: Partial<HealthIndicatorResult> | undefined) =>
    checks &&
    Object.fromEntries<HealthIndicatorResult[string]>(
      Object.entries(checks).map(([key, check]) => [key, { status: check!.status }]),
    );
  return {
    status: result.status,
    info: only(result.info),
    error: only(result.error),
    details: only(result.details)!,
  };
}

@ApiExcludeController() // probes, not part of the API
@Controller('api')
export class HealthController {
  private readonly clientAddress;

  constructor(
    @Inject(ReadinessService) private readonly readiness: ReadinessService,
    @Inject(APP_CONFIG) config: GatewayConfig,
  ) {
    this.clientAddress = clientAddressOf(config.trustProxyHops);
  }

  @Get('health')
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /**
   * Why a dependency is down (its error text can name hosts) only on loopback or to a signed-in
   * operator (docs/security.md#health-readiness).
   */
  @Get('ready')
  async ready(@Req() req: Request, @Res() res: Response): Promise<void> {
    const result = await this.readiness.check();
    const told = !!req.session?.user || LOOPBACK.test(this.clientAddress(req));
    res
      .status(result.status === 'ok' || result.status === 'degraded' ? 200 : 503)
      .json(told ? result : statusesOnly(result));
  }
}
