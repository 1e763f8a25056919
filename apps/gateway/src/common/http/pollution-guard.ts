import type { NextFunction, Request, Response } from 'express';
import { ApiException } from '../errors/api-exception.js';

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_DEPTH = 32;

function findForbidden(
  value: unknown,
  path: (string | number)[],
  depth: number,
): (string | number)[] | 'too-deep' | null {
  if (value === null || typeof value !== 'object') return null;
  if (depth > MAX_DEPTH) return 'too-deep';
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findForbidden(value[i], [...path, i], depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key)) return [...path, key];
    const found = findForbidden((value as Record<string, unknown>)[key], [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Rejects prototype-pollution keys anywhere in the body or query, and absurd nesting (400) —
 * before anything else reads them, the session check included.
 */
export function pollutionGuard(req: Request, _res: Response, next: NextFunction): void {
  for (const where of ['body', 'query'] as const) {
    const found = findForbidden(req[where], [where], 0);
    if (found === 'too-deep') {
      next(
        new ApiException(400, 'VALIDATION_FAILED', 'The request is nested too deeply.', {
          issues: [{ path: [where], message: `Nested deeper than ${MAX_DEPTH} levels` }],
        }),
      );
      return;
    }
    if (found) {
      next(
        new ApiException(400, 'VALIDATION_FAILED', 'The request contains a forbidden key.', {
          issues: [{ path: found, message: 'Forbidden key' }],
        }),
      );
      return;
    }
  }
  next();
}
