import { Module } from '@nestjs/common';
import { AuthService } from './auth.service.js';
import { SsoController } from './sso.controller.js';

@Module({ controllers: [SsoController], providers: [AuthService] })
export class AuthModule {}
