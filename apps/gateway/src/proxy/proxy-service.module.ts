import { Module } from '@nestjs/common';
import { SessionGuard } from '../auth/session/session.guard.js';
import { AuditInterceptor } from './audit.interceptor.js';
import { ProxyService } from './proxy.service.js';
import { ReTriggerRule } from './re-trigger.rule.js';

/** What every area's generated controller uses, made once for all of them. */
@Module({
  providers: [ProxyService, ReTriggerRule, SessionGuard, AuditInterceptor],
  exports: [ProxyService, SessionGuard, AuditInterceptor],
})
export class ProxyServiceModule {}
