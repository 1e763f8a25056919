import { Controller, HttpCode, Inject, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import { API_ROUTES, SIGN_IN_CALLBACK, sessionOps } from '@onboarding/contracts';
import type { Request, Response } from 'express';
import { AtRoute } from '../common/contract/at-route.js';
import { ContractOperation } from '../common/contract/openapi.js';
import { ContractPipe, type ParsedRequest, RequestPartsOf } from '../proxy/contract.pipe.js';
import { RateLimit } from '../common/guards/rate-limit.guard.js';
import { AuthService } from './auth.service.js';
import type { SignedIn } from './oidc.strategy.js';
import { OperatorOperation } from './session/operator-operation.decorator.js';
import { SignInCallbackGuard } from './sign-in-callback.guard.js';
import { SignInErrorFilter } from './sign-in-error.filter.js';
import { SignInStartGuard, type StartedRequest } from './sign-in-start.guard.js';
import { hasTransaction } from './sign-in-transactions.js';

@Controller()
export class SsoController {
  constructor(@Inject(AuthService) private readonly auth: AuthService) {}

  /** The IdP's authorization address as a JSON string: the web app navigates there itself. */
  @ContractOperation(sessionOps.getAuthUrl)
  @AtRoute(API_ROUTES.session.getAuthUrl)
  @HttpCode(200)
  @RateLimit({ limiter: 'signIn' })
  @UseGuards(SignInStartGuard)
  getAuthUrl(@Req() req: StartedRequest, @Res() res: Response): void {
    res.json(req.authorizationUrl);
  }

  /** Always a redirect: to the stored return target, or to /login?error=. */
  @ApiExcludeEndpoint() // the browser's way back from the IdP, not a call
  @AtRoute(SIGN_IN_CALLBACK)
  // Only a callback of a sign-in this browser started counts: forged ones (an image tag on any
  // page) are refused for free and must not lock an office address out.
  @RateLimit({ limiter: 'signIn', counts: (req) => hasTransaction(req.session, req.query.state) })
  @UseGuards(SignInCallbackGuard)
  @UseFilters(SignInErrorFilter)
  async callback(@Req() req: Request, @Res() res: Response): Promise<void> {
    res.redirect(303, await this.auth.signIn(req, req.user as SignedIn));
  }

  @ContractOperation(sessionOps.logout)
  @AtRoute(API_ROUTES.session.logout)
  @HttpCode(200)
  async logout(
    // Checked as every call is (the contracts' checkRequest), though nothing of it is read.
    @RequestPartsOf(new ContractPipe(sessionOps.logout)) _request: ParsedRequest,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    res.json(await this.auth.signOut(req, res));
  }

  @OperatorOperation(sessionOps.config)
  config(
    @RequestPartsOf(new ContractPipe(sessionOps.config)) _request: ParsedRequest,
    @Req() req: Request,
  ): { user: { email: string }; dashboardBaseUrl: string } {
    return this.auth.currentConfig(req);
  }
}
