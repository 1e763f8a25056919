import { type ArgumentsHost, Catch, type ExceptionFilter, Inject } from '@nestjs/common';
import { MESSAGES } from '@onboarding/contracts';
import type { Response } from 'express';
import { PinoLogger } from 'nestjs-pino';
import { GatewayMetrics } from '../metrics/gateway-metrics.js';
import { SignInError } from './identity.js';

const SIGN_IN_ERRORS = { failed: MESSAGES.loginFailed, domain: MESSAGES.loginDomainNotAllowed };

/**
 * A refused sign-in, on the browser's way back from the IdP: it lands on the login page with a
 * generic text, nothing of the identity provider's answer reflected.
 */
@Catch(SignInError)
export class SignInErrorFilter implements ExceptionFilter<SignInError> {
  constructor(
    @Inject(GatewayMetrics) private readonly metrics: GatewayMetrics,
    @Inject(PinoLogger) private readonly logger: PinoLogger,
  ) {}

  catch(exception: SignInError, host: ArgumentsHost): void {
    const cause = (exception.cause as Error | undefined)?.message;
    this.logger.warn({ reason: exception.message, cause }, 'sign-in refused');
    this.logger.info(
      {
        audit: true,
        user: exception.email ?? '',
        operation: 'session.signIn',
        outcome: 'failure',
        reason: exception.message,
      },
      'audit',
    );
    this.metrics.signIn(exception.reason === 'domain' ? 'denied_domain' : 'failed');
    host
      .switchToHttp()
      .getResponse<Response>()
      .redirect(303, `/login?error=${encodeURIComponent(SIGN_IN_ERRORS[exception.reason])}`);
  }
}
