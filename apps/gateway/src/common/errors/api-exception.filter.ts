import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  Inject,
} from '@nestjs/common';
import type { ApiError } from '@onboarding/contracts';
import type { Request, Response } from 'express';
import { PinoLogger } from 'nestjs-pino';
import { requestIdOf } from '../logging/logger.js';
import { ApiException, Errors, fromNestRefusal } from './api-exception.js';

/**
 * The one filter of the API: whatever is thrown, in a middleware, guard, pipe or handler, leaves in
 * the envelope of docs/security.md#error-envelope (a refused sign-in has its own: SignInErrorFilter).
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  constructor(@Inject(PinoLogger) private readonly logger: PinoLogger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const req = host.switchToHttp().getRequest<Request>();
    const res = host.switchToHttp().getResponse<Response>();
    const status = exception instanceof HttpException ? exception.getStatus() : 500;
    let error: ApiException | undefined;
    if (exception instanceof ApiException) error = exception;
    // Without a session an unknown API path is 401 like any other: no route enumeration.
    else if (status === 404)
      error = isGuardedApi(req) ? Errors.unauthenticated() : Errors.notFound();
    else if (status < 500) error = fromNestRefusal(status);
    if (!error) {
      this.logger.error({ err: exception }, 'unhandled error');
      error = Errors.internal();
    }
    // The request's log line names it, cut answer or not.
    res.locals.errorCode = error.code;
    if (res.headersSent) return void res.destroy();
    const { issues, upstream, retryAfter } = error.details;
    const body: ApiError = {
      error: {
        code: error.code,
        message: error.message,
        requestId: requestIdOf(req),
        ...(issues ? { issues: [...issues] } : {}),
        ...(upstream ? { upstream: { ...upstream } } : {}),
      },
    };
    if (retryAfter !== undefined) res.setHeader('Retry-After', String(retryAfter));
    res.status(error.getStatus()).json(body);
  }
}

/** Paths a session guards (the API but its public sign-in routes), asked without a session. */
const isGuardedApi = (req: Request) =>
  (req.path === '/api' || req.path.startsWith('/api/')) &&
  !req.path.startsWith('/api/sso/') &&
  !req.session?.user;
