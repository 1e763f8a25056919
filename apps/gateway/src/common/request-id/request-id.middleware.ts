import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

/** An incoming id is kept only when it is short and made of safe characters (it is logged and echoed). */
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/;

/** Gives every request an id: the caller's well-formed `X-Request-Id`, or a fresh UUID. */
export function requestIdMiddleware(req: Request, res: Response, next: NextFunction): void {
  const incoming = req.headers['x-request-id'];
  req.id = typeof incoming === 'string' && WELL_FORMED.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', req.id);
  next();
}

export function requestIdOf(req: Request): string {
  return typeof req.id === 'string' ? req.id : JSON.stringify(req.id);
}
