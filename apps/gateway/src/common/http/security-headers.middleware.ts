import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { GatewayConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../tokens.js';

/**
 * Browser features the console never uses, denied to it and to anything it could embed (helmet
 * sets no Permissions-Policy). nginx sends the same value with the app's files.
 */
const PERMISSIONS_POLICY =
  'accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), ' +
  'magnetometer=(), microphone=(), midi=(), payment=(), usb=(), browsing-topics=()';

/**
 * Inline styles are allowed because emotion injects <style> tags; no inline script
 * (docs/security.md#security-headers).
 */
@Injectable()
export class SecurityHeadersMiddleware implements NestMiddleware {
  private readonly helmet: RequestHandler;

  constructor(@Inject(APP_CONFIG) { session }: GatewayConfig) {
    const secure = session.secureCookie;
    this.helmet = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'"],
          'script-src-attr': ["'none'"],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:'],
          'font-src': ["'self'", 'data:'],
          'connect-src': ["'self'"],
          'object-src': ["'none'"],
          'base-uri': ["'self'"],
          'form-action': ["'self'"],
          'frame-ancestors': ["'none'"],
          ...(secure ? { 'upgrade-insecure-requests': [] } : {}),
        },
      },
      strictTransportSecurity: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      xPoweredBy: false,
    }) as RequestHandler;
  }

  use(req: Request, res: Response, next: NextFunction): void {
    if (req.path === '/api' || req.path.startsWith('/api/')) {
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Pragma', 'no-cache');
    }
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    this.helmet(req, res, next);
  }
}
