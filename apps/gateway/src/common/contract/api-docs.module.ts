import {
  Inject,
  type INestApplication,
  type MiddlewareConsumer,
  Module,
  type NestModule,
  type OnModuleInit,
} from '@nestjs/common';
import { SwaggerModule } from '@nestjs/swagger';
import type { GatewayConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../tokens.js';
import { ApiDocsSessionMiddleware } from './api-docs-session.middleware.js';
import { buildOpenApiDocument, swaggerUiOptions } from './openapi.js';

/**
 * Swagger's routes are plain Express ones, added at module init after the middleware is mounted,
 * so the docs pass through the same request pipeline as any API route.
 */
@Module({})
export class ApiDocsModule implements NestModule, OnModuleInit {
  private app: INestApplication | undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: GatewayConfig) {}

  /** The application whose routes the document describes; its docs are served at its init. */
  serveWith(app: INestApplication): void {
    this.app = app;
  }

  configure(consumer: MiddlewareConsumer): void {
    if (this.config.apiDocs === 'session')
      consumer.apply(ApiDocsSessionMiddleware).forRoutes('api/docs', 'api/docs-json');
  }

  onModuleInit(): void {
    const { app } = this;
    if (!app || this.config.apiDocs === 'off') return;
    SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app), swaggerUiOptions);
  }
}
