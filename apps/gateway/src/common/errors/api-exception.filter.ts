import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import { MESSAGES } from '@onboarding/contracts';
import type { Request, Response } from 'express';
import { SignInError } from '../../auth/identity.js';
import { ApiException, Errors } from './api-exception.js';
import { sendError, toApiException } from './send-error.js';

const SIGN_IN_ERRORS = {
  failed: MESSAGES.loginFailed,
  domain: MESSAGES.loginDomainNotAllowed,
} as const;

/** Paths a session guards: the API but its public sign-in routes. */
const isGuardedApi = (req: Request) =>
  (req.path === '/api' || req.path.startsWith('/api/')) && !req.path.startsWith('/api/sso/');

/**
 * The one exhaustive filter: whatever is thrown — by a guard, a pipe, a controller, or an Express
 * middleware before Nest's router (Nest hands those errors here too) — leaves in the envelope;
 * a refused sign-in, on the browser's way back from the identity provider, as a redirect.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    if (exception instanceof SignInError) {
      // The browser is on the sign-in callback: it lands on the login page with a generic text,
      // nothing of the identity provider's answer reflected.
      req.log.warn(
        { reason: exception.message, cause: (exception.cause as Error | undefined)?.message },
        'sign-in refused',
      );
      res.redirect(303, `/login?error=${encodeURIComponent(SIGN_IN_ERRORS[exception.reason])}`);
      return;
    }
    let error: ApiException;
    if (exception instanceof ApiException) error = exception;
    else if (exception instanceof HttpException && exception.getStatus() === 404)
      // Without a session an unknown API path is 401 like any other: no route enumeration.
      error =
        isGuardedApi(req) && !req.session?.user ? Errors.unauthenticated() : Errors.notFound();
    else if (exception instanceof HttpException && exception.getStatus() < 500)
      error = toApiException(exception);
    else {
      req.log?.error({ err: exception }, 'unhandled error');
      error = Errors.internal();
    }
    sendError(req, res, error);
  }
}
