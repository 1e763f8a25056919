import { Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AuthService } from './auth.service.js';

@Controller('api')
export class SsoController {
  constructor(@Inject(AuthService) private readonly auth: AuthService) {}

  @Post('sso/getAuthUrl')
  @HttpCode(200)
  async getAuthUrl(@Req() req: Request, @Res() res: Response): Promise<void> {
    res.json(await this.auth.startSignIn(req));
  }

  @Get('sso/callback')
  callback(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.auth.finishSignIn(req, res);
  }

  @Post('sso/logout')
  @HttpCode(200)
  async logout(@Req() req: Request, @Res() res: Response): Promise<void> {
    res.json(await this.auth.signOut(req, res));
  }

  @Get('config')
  config(@Req() req: Request): { user: { email: string }; dashboardBaseUrl: string } {
    return this.auth.currentConfig(req);
  }
}
