import { Controller, Get, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import { sessionOps } from '@onboarding/contracts';
import type { Request, Response } from 'express';
import { ContractOperation } from '../common/contract/openapi.js';
import { SessionGuard } from '../common/guards/session.guard.js';
import { AuthService } from './auth.service.js';
import { SignInCallbackGuard, SignInStartGuard, type StartedRequest } from './oidc.guards.js';
import type { SignedIn } from './oidc.strategy.js';

@Controller('api')
export class SsoController {
  constructor(@Inject(AuthService) private readonly auth: AuthService) {}

  /** The IdP's authorization address as a JSON string: the web app navigates there itself. */
  @ContractOperation(sessionOps.getAuthUrl)
  @Post('sso/getAuthUrl')
  @HttpCode(200)
  @UseGuards(SignInStartGuard)
  getAuthUrl(@Req() req: StartedRequest, @Res() res: Response): void {
    res.json(req.authorizationUrl);
  }

  /** Always a redirect: to the stored return target, or to /login?error=. */
  @ApiExcludeEndpoint() // the browser's way back from the IdP, not a call
  @Get('sso/callback')
  @UseGuards(SignInCallbackGuard)
  async callback(@Req() req: Request, @Res() res: Response): Promise<void> {
    res.redirect(303, await this.auth.signIn(req, req.user as SignedIn));
  }

  @ContractOperation(sessionOps.logout)
  @Post('sso/logout')
  @HttpCode(200)
  async logout(@Req() req: Request, @Res() res: Response): Promise<void> {
    res.json(await this.auth.signOut(req, res));
  }

  @ContractOperation(sessionOps.config)
  @Get('config')
  @UseGuards(SessionGuard)
  config(@Req() req: Request): { user: { email: string }; dashboardBaseUrl: string } {
    return this.auth.currentConfig(req);
  }
}
