import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { GatewayConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../tokens.js';
import { ApiException } from '../errors/api-exception.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const JSON_TYPE = /^application\/json\s*(;\s*charset=utf-8\s*)?$/i;

/**
 * Same-origin proof for every state-changing request (docs/security.md#same-origin): Origin (or
 * Sec-Fetch-Site), `X-Requested-With: XMLHttpRequest`, and a JSON body (415 otherwise).
 */
@Injectable()
export class CsrfGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: GatewayConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (!UNSAFE.has(req.method)) return true;
    const { origin } = req.headers;
    const site = req.headers['sec-fetch-site'];
    const originOk =
      origin === undefined ? site === 'same-origin' : origin === this.config.publicOrigin;
    if (!originOk || (site !== undefined && site !== 'same-origin'))
      throw new ApiException(403, 'CSRF_REJECTED', 'Cross-site requests are not allowed.');
    if (req.headers['x-requested-with'] !== 'XMLHttpRequest')
      throw new ApiException(403, 'CSRF_REJECTED', 'The X-Requested-With header is required.');
    const { 'content-length': length, 'transfer-encoding': chunked } = req.headers;
    const hasBody = chunked !== undefined || (length !== undefined && length !== '0');
    if (hasBody && !JSON_TYPE.test(req.headers['content-type'] ?? ''))
      throw new ApiException(
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'Send the request body as application/json.',
      );
    return true;
  }
}
