import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import type { AddressInfo } from 'node:net';
import type { DestinationStream } from 'pino';
import { AppModule } from './app.module.js';
import type { OidcClient } from './auth/oidc.client.js';
import type { FailFastSessionStore } from './auth/session/session-store.js';
import { ApiDocsModule } from './common/contract/api-docs.module.js';
import { createLogger } from './common/logging/logger.js';
import { NestLogger } from './common/logging/nest-logger.js';
import type { GatewayConfig } from './config/app-config.js';
import { MetricsServer } from './metrics/metrics-server.js';
import { OIDC_CLIENT, SESSION_STORE } from './tokens.js';

export type Gateway = Awaited<ReturnType<typeof createGateway>>;

/**
 * The gateway's Nest application on Express: the request pipeline is the middleware of
 * common/http/http-pipeline.module.ts, the API's rules Nest's guards, pipes, interceptors and filter.
 */
export async function createGateway(
  config: GatewayConfig,
  { logDestination }: { logDestination?: DestinationStream } = {},
) {
  const logger = createLogger(config.logLevel, logDestination);
  // Routing settings go on the Express app before Nest builds its router from it (Express reads
  // them once): `/API/sso/logout` or `/api/sso/logout/` are not the API's paths.
  const server = express().set('case sensitive routing', true).set('strict routing', true);
  // Nest's own messages wait for nestjs-pino's logger, start-up's included; a start that fails
  // before it exists is logged here, as JSON too (Nest would flush its messages as plain text).
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot(config, logger),
    new ExpressAdapter(server),
    { bodyParser: false, bufferLogs: true, autoFlushLogs: false, abortOnError: false },
  ).catch((err: unknown) => {
    logger.fatal({ err }, 'gateway failed to start');
    throw err;
  });
  app.useLogger(app.get(NestLogger));
  app.flushLogs();
  app.set('x-powered-by', false);
  app.set('etag', false);
  // Origins, redirect targets and the protocol come from configuration, never from
  // X-Forwarded-* headers; the client address of rate limits and logs is clientAddressOf's.
  app.set('trust proxy', false);
  app.set('query parser', 'simple');
  app.get(ApiDocsModule).serveWith(app);
  await app.init();

  const http = app.getHttpServer();
  return {
    app,
    config,
    store: app.get<FailFastSessionStore>(SESSION_STORE),
    async listen(port = config.port, host = config.host): Promise<void> {
      // Longer than a load balancer's idle timeout, so it is the one that closes idle sockets.
      http.keepAliveTimeout = 65_000;
      http.headersTimeout = 66_000;
      await (host ? app.listen(port, host) : app.listen(port));
      logger.info({ port: (http.address() as AddressInfo).port }, 'gateway listening');
      await app.get(MetricsServer).listen();
      app
        .get<OidcClient>(OIDC_CLIENT)
        .discover()
        .catch(() => undefined);
    },
    /** Closes the application: as at SIGTERM, without the signal's grace period. */
    close: () => app.close(),
  };
}
