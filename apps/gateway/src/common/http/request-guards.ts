import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ApiException } from '../errors/api-exception.js';
import { sendError } from '../errors/send-error.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Same-origin proof for state-changing requests (security.md, "Requests"): an `Origin` equal to
 * the configured public origin — or, without Origin, `Sec-Fetch-Site: same-origin` — and the
 * `X-Requested-With: XMLHttpRequest` header that no form or cross-site simple request can send.
 */
export function csrfGuard(publicOrigin: string): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!UNSAFE.has(req.method)) return next();
    const origin = req.headers.origin;
    const site = req.headers['sec-fetch-site'];
    const originOk = origin === undefined ? site === 'same-origin' : origin === publicOrigin;
    const siteOk = site === undefined || site === 'same-origin';
    if (!originOk || !siteOk) {
      sendError(
        req,
        res,
        new ApiException(403, 'CSRF_REJECTED', 'Cross-site requests are not allowed.'),
      );
      return;
    }
    if (req.headers['x-requested-with'] !== 'XMLHttpRequest') {
      sendError(
        req,
        res,
        new ApiException(403, 'CSRF_REJECTED', 'The X-Requested-With header is required.'),
      );
      return;
    }
    next();
  };
}

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** A body, when there is one, must be JSON (415 otherwise). */
export function jsonOnly(req: Request, res: Response, next: NextFunction): void {
  if (!UNSAFE.has(req.method) || !hasBody(req)) return next();
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (!/^application\/json\s*(;\s*charset=utf-8\s*)?$/.test(type)) {
    sendError(
      req,
      res,
      new ApiException(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json.'),
    );
    return;
  }
  next();
}

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

/** Rejects prototype-pollution keys anywhere in the body or query, and absurd nesting (400). */
export function pollutionGuard(req: Request, res: Response, next: NextFunction): void {
  for (const where of ['body', 'query'] as const) {
    const found = findForbidden(req[where], [where], 0);
    if (found === 'too-deep') {
      sendError(
        req,
        res,
        new ApiException(400, 'VALIDATION_FAILED', 'The request is nested too deeply.', {
          issues: [{ path: [where], message: `Nested deeper than ${MAX_DEPTH} levels` }],
        }),
      );
      return;
    }
    if (found) {
      sendError(
        req,
        res,
        new ApiException(400, 'VALIDATION_FAILED', 'The request contains a forbidden key.', {
          issues: [{ path: found, message: 'Forbidden key' }],
        }),
      );
      return;
    }
  }
  next();
}
