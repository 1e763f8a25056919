import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AuthService } from './auth.service.js';
import { SignInErrorFilter } from './sign-in-error.filter.js';
import { SsoController } from './sso.controller.js';

@Module({
  controllers: [SsoController],
  // Nest tries global filters last-registered first: this one, then the API's catch-all
  // (app.module.ts), which is registered before any module it imports.
  providers: [AuthService, { provide: APP_FILTER, useClass: SignInErrorFilter }],
})
export class AuthModule {}
