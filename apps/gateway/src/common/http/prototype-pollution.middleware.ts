import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { ApiException } from '../errors/api-exception.js';

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_DEPTH = 32;

/** The path of the first forbidden key in `value`, or 'too-deep' past MAX_DEPTH levels. */
function findForbidden(
  value: unknown,
  path: (string | number)[],
): (string | number)[] | 'too-deep' | null {
  if (value === null || typeof value !== 'object') return null;
  if (path.length > MAX_DEPTH + 1) return 'too-deep';
  for (const [key, child] of Object.entries(value)) {
    const at = [...path, Array.isArray(value) ? Number(key) : key];
    if (!Array.isArray(value) && FORBIDDEN_KEYS.has(key)) return at;
    const found = findForbidden(child, at);
    if (found) return found;
  }
  return null;
}

/**
 * Rejects prototype-pollution keys anywhere in the body or query, and absurd nesting (400) —
 * before anything else reads them, the session check included. No body parser refuses them.
 */
@Injectable()
export class PrototypePollutionMiddleware implements NestMiddleware {
  use(req: Request, _res: Response, next: NextFunction): void {
    for (const where of ['body', 'query'] as const) {
      const found = findForbidden(req[where], [where]);
      if (found === 'too-deep')
        throw new ApiException(400, 'VALIDATION_FAILED', 'The request is nested too deeply.', {
          issues: [{ path: [where], message: `Nested deeper than ${MAX_DEPTH} levels` }],
        });
      if (found)
        throw new ApiException(400, 'VALIDATION_FAILED', 'The request contains a forbidden key.', {
          issues: [{ path: found, message: 'Forbidden key' }],
        });
    }
    next();
  }
}
