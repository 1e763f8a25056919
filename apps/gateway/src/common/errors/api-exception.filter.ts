import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  Inject,
} from '@nestjs/common';
import { type ApiError, MESSAGES } from '@onboarding/contracts';
import type { Request, Response } from 'express';
import { SignInError } from '../../auth/identity.js';
import { GatewayMetrics } from '../../metrics/gateway-metrics.js';
import { requestIdOf } from '../request-id/request-id.middleware.js';
import { ApiException, Errors, toApiException } from './api-exception.js';

const SIGN_IN_ERRORS = { failed: MESSAGES.loginFailed, domain: MESSAGES.loginDomainNotAllowed };

/**
 * The one filter: whatever is thrown, in Nest or in Express middleware, leaves in the envelope of
 * docs/security.md#error-envelope; a refused sign-in, on the way back from the IdP, as a redirect.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  constructor(@Inject(GatewayMetrics) private readonly metrics: GatewayMetrics) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const req = host.switchToHttp().getRequest<Request>();
    const res = host.switchToHttp().getResponse<Response>();
    if (exception instanceof SignInError) {
      // The browser is on the sign-in callback: it lands on the login page with a generic text,
      // nothing of the identity provider's answer reflected.
      const cause = (exception.cause as Error | undefined)?.message;
      req.log.warn({ reason: exception.message, cause }, 'sign-in refused');
      this.metrics.signIn(exception.reason === 'domain' ? 'denied_domain' : 'failed');
      res.redirect(303, `/login?error=${encodeURIComponent(SIGN_IN_ERRORS[exception.reason])}`);
      return;
    }
    const status = exception instanceof HttpException ? exception.getStatus() : 500;
    let error: ApiException;
    if (exception instanceof ApiException) error = exception;
    // Without a session an unknown API path is 401 like any other: no route enumeration.
    else if (status === 404)
      error = isGuardedApi(req) ? Errors.unauthenticated() : Errors.notFound();
    else if (status < 500) error = toApiException(exception);
    else {
      req.log?.error({ err: exception }, 'unhandled error');
      error = Errors.internal();
    }
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
    res.locals.errorCode = error.code;
    if (retryAfter !== undefined) res.setHeader('Retry-After', String(retryAfter));
    res.status(error.status).json(body);
  }
}

/** Paths a session guards (the API but its public sign-in routes), asked without a session. */
const isGuardedApi = (req: Request) =>
  (req.path === '/api' || req.path.startsWith('/api/')) &&
  !req.path.startsWith('/api/sso/') &&
  !req.session?.user;
