import { Module } from '@nestjs/common';
import { SessionGuard } from '../auth/session/session.guard.js';
import { AuditInterceptor } from './audit.interceptor.js';
import { ProxyService } from './proxy.service.js';

/** What every area's generated controller uses, made once for all of them. */
@Module({
  providers: [ProxyService, SessionGuard, AuditInterceptor],
  exports: [ProxyService, SessionGuard, AuditInterceptor],
})
export class ProxyServiceModule {}
