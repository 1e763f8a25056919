import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import type { GatewayConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../tokens.js';
import { HealthController } from './health.controller.js';
import { ReadinessService } from './readiness.service.js';

@Module({
  imports: [
    // On SIGTERM terminus answers not ready at once and holds the close for SHUTDOWN_GRACE_MS.
    // Its own error log would repeat every failing probe; readiness logs changes only.
    TerminusModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: GatewayConfig) => ({
        logger: false,
        gracefulShutdownTimeoutMs: config.shutdownGraceMs,
      }),
    }),
  ],
  controllers: [HealthController],
  providers: [ReadinessService],
})
export class HealthModule {}
