import type { AnyOperation } from '@onboarding/contracts';
import type { NextFunction, Request, Response } from 'express';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import querystring from 'node:querystring';
import type { ProxyRoutes } from '../contract/proxy-routes.js';
import { sendError, toApiException } from '../errors/send-error.js';

export type Step = (req: Request, res: Response, next: NextFunction) => void;

/** Runs middleware steps in order; an error skips the rest and goes to `done`. */
export function runSteps(
  steps: readonly Step[],
  req: Request,
  res: Response,
  done: NextFunction,
): void {
  let i = 0;
  const next = (err?: unknown): void => {
    const step = steps[i++];
    if (err !== undefined || !step) {
      done(err);
      return;
    }
    step(req, res, next);
  };
  next();
}

/**
 * The gateway's front door. A proxied call — a method and path the proxy modules mounted,
 * exactly — is served here: the same steps as every API call (request id, log, security headers,
 * CSRF, JSON body, session, rate limit), then the proxy, on Node's request and response as they
 * come. Everything else goes to Express and Nest. Express's per-request setup (it swaps the
 * prototypes of the request and the response) and its router cost more than all the proxy's own
 * work; proxied calls are the gateway's hot path.
 *
 * The steps see what they read of Express prepared here: `path`, `originalUrl`, `query` (the
 * `simple` parser's), `params` (decoded), `res.locals`.
 */
export function installFrontDoor(
  server: Server,
  routes: ProxyRoutes,
  steps: readonly Step[],
  serve: (op: AnyOperation, req: Request, res: Response) => unknown,
): void {
  const listeners = server.listeners('request');
  const express = listeners[0] as (req: IncomingMessage, res: ServerResponse) => void;
  if (listeners.length !== 1) throw new Error('the HTTP server should have one request listener');
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const found = path.startsWith('/api/proxy/') ? routes.match(req.method, path) : undefined;
    if (!found) {
      express(req, res);
      return;
    }
    const request = Object.assign(req, {
      path,
      originalUrl: url,
      params: found.params,
      query: q === -1 ? {} : querystring.parse(url.slice(q + 1)),
    }) as unknown as Request;
    const response = Object.assign(res, { locals: {} }) as unknown as Response;
    runSteps(steps, request, response, (err?: unknown) => {
      if (err !== undefined) sendError(request, response, toApiException(err));
      else void serve(found.op, request, response);
    });
  });
}
