import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiException, Errors } from './api-exception.js';
import { sendError, toApiException } from './send-error.js';

/** Paths a session guards: the API but its public sign-in routes. */
const isGuardedApi = (req: Request) =>
  (req.path === '/api' || req.path.startsWith('/api/')) && !req.path.startsWith('/api/sso/');

/**
 * The one exhaustive filter: whatever is thrown — by a guard, a pipe, a controller, or an Express
 * middleware before Nest's router (Nest hands those errors here too) — leaves in the envelope.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    let error: ApiException;
    if (exception instanceof ApiException) error = exception;
    else if (exception instanceof HttpException && exception.getStatus() === 404)
      // Without a session an unknown API path is 401 like any other: no route enumeration.
      error =
        isGuardedApi(req) && !req.session?.user ? Errors.unauthenticated() : Errors.notFound();
    else if (exception instanceof HttpException && exception.getStatus() < 500)
      error = toApiException(exception);
    else if (isThirdPartyClientError(exception)) error = toApiException(exception);
    else {
      req.log?.error({ err: exception }, 'unhandled error');
      error = Errors.internal();
    }
    sendError(req, res, error);
  }
}

/** body-parser's and express-session's errors carry a 4xx status and a `type`. */
function isThirdPartyClientError(err: unknown): boolean {
  const status = (err as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}
