import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Errors } from '../../common/errors/api-exception.js';
import type { GatewayConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../tokens.js';
import { clearSessionCookie, destroySession } from './session.js';

/**
 * 401 JSON, never a redirect. Idle expiry is the store entry's; the absolute lifetime is counted
 * here from sign-in (docs/security.md#session-timeouts).
 */
export async function requireSession(
  req: Request,
  res: Response,
  config: GatewayConfig,
): Promise<void> {
  const user = req.session?.user;
  if (!user) throw Errors.unauthenticated();
  if (Date.now() - user.signedInAt > config.session.absoluteTimeoutMs) {
    await destroySession(req).catch(() => undefined);
    clearSessionCookie(res, config);
    throw Errors.unauthenticated();
  }
}

@Injectable()
export class SessionGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: GatewayConfig) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    await requireSession(http.getRequest<Request>(), http.getResponse<Response>(), this.config);
    return true;
  }
}
