import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller.js';
import { ReadinessService } from './readiness.service.js';

// Terminus's own error log would repeat every failing probe; readiness logs changes only.
@Module({
  imports: [TerminusModule.forRoot({ logger: false })],
  controllers: [HealthController],
  providers: [ReadinessService],
})
export class HealthModule {}
