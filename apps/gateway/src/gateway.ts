import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DestinationStream } from 'pino';
import { AppModule } from './app.module.js';
import type { OidcClient } from './auth/oidc.client.js';
import { createSessionMiddleware } from './auth/session/session.middleware.js';
import type { FailFastSessionStore } from './auth/session/session-store.js';
import {
  API_DOCS_PATHS,
  apiDocsSessionGate,
  buildOpenApiDocument,
  swaggerUiOptions,
} from './common/contract/openapi.js';
import { toApiException } from './common/errors/api-exception.js';
import { clientAddressOf } from './common/http/client-address.js';
import { pollutionGuard } from './common/http/pollution-guard.js';
import { noStore, securityHeaders } from './common/http/security-headers.js';
import { createWebApp, redirectToDevServer } from './common/http/web-app.js';
import { Lifecycle } from './common/lifecycle/lifecycle.js';
import { createHttpLogger, createLogger, nestLogger } from './common/logging/logger.js';
import { requestIdMiddleware } from './common/request-id/request-id.middleware.js';
import type { GatewayConfig } from './config/app-config.js';
import { GatewayMetrics } from './metrics/gateway-metrics.js';
import { MetricsServer } from './metrics/metrics-server.js';
import { METRICS_PATH, metricsNotServedHere, requestMetrics } from './metrics/request-metrics.js';
import { OIDC_CLIENT, SESSION_STORE } from './tokens.js';

export type Gateway = Awaited<ReturnType<typeof createGateway>>;

/**
 * A Nest application whose Express layer does, in order, what every request needs before Nest's
 * router; the API's rules live in Nest's guards, pipes, interceptors and filter.
 */
export async function createGateway(
  config: GatewayConfig,
  { logDestination }: { logDestination?: DestinationStream } = {},
) {
  const logger = createLogger(config.logLevel, logDestination);
  // Routing settings go on the Express app before Nest builds its router from it (Express reads
  // them once): `/API/sso/logout` or `/api/sso/logout/` are not the API's paths.
  const server = express().set('case sensitive routing', true).set('strict routing', true);
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot(config, logger),
    new ExpressAdapter(server),
    { bodyParser: false, logger: nestLogger(logger), abortOnError: false },
  );
  app.set('x-powered-by', false);
  app.set('etag', false);
  // Origins, redirect targets and the protocol come from configuration, never from
  // X-Forwarded-* headers; the client address of rate limits and logs is clientAddressOf's.
  app.set('trust proxy', false);
  app.set('query parser', 'simple');

  const lifecycle = app.get(Lifecycle);
  app.use(requestIdMiddleware(config.trustProxyHops > 0));
  app.use(createHttpLogger(logger, clientAddressOf(config.trustProxyHops)));
  app.use(lifecycle.tracker());
  app.use(requestMetrics(app.get(GatewayMetrics)));
  app.use(securityHeaders(config.session.secureCookie));
  app.use('/api', noStore);
  app.use(METRICS_PATH, metricsNotServedHere); // served on METRICS_PORT only
  app.use(
    config.devServer
      ? redirectToDevServer(config.publicOrigin)
      : createWebApp(config.webDistDir, logger),
  );
  app.useBodyParser('json', { limit: config.bodyLimitBytes, strict: true });
  // body-parser's errors keep their meaning (413, 415, 400 naming the body) on the way to the
  // filter, instead of Nest's generic mapping of a SyntaxError.
  app.use((err: unknown, _req: Request, _res: Response, next: NextFunction) =>
    next(toApiException(err)),
  );
  app.use('/api', pollutionGuard);
  app.use('/api', createSessionMiddleware(config, app.get(SESSION_STORE)));
  if (config.apiDocs !== 'off') {
    // Registered before Swagger UI's routes, after the session middleware whose session it reads.
    if (config.apiDocs === 'session') app.use(API_DOCS_PATHS, apiDocsSessionGate(config));
    const document = () => buildOpenApiDocument(app);
    SwaggerModule.setup('api/docs', app, document, swaggerUiOptions);
  }
  await app.init();

  const http = app.getHttpServer();
  const close = () => app.close();
  return {
    app,
    config,
    logger,
    store: app.get<FailFastSessionStore>(SESSION_STORE),
    /** Listens on the configured port (or the one given); resolves with the bound address. */
    async listen(port = config.port, host = config.host): Promise<string> {
      // Longer than a load balancer's idle timeout, so it is the one that closes idle sockets.
      http.keepAliveTimeout = 65_000;
      http.headersTimeout = 66_000;
      await (host ? app.listen(port, host) : app.listen(port));
      const address = http.address() as AddressInfo;
      logger.info({ port: address.port }, 'gateway listening');
      await app.get(MetricsServer).listen();
      app
        .get<OidcClient>(OIDC_CLIENT)
        .discover()
        .catch(() => undefined);
      const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      return `http://${shown === '[::]' || shown === '0.0.0.0' ? '127.0.0.1' : shown}:${address.port}`;
    },
    /** Graceful stop: not ready at once, in-flight requests finish, then everything closes. */
    async shutdown(): Promise<void> {
      if (lifecycle.draining) return;
      lifecycle.draining = true;
      logger.info({ inFlight: lifecycle.active }, 'shutting down: not ready, draining');
      await sleep(config.shutdownGraceMs);
      // app.close() stops listening and waits for the requests in flight. Keep-alive sockets
      // are closed as soon as they fall idle; past the timeout the remaining ones are cut.
      const sweeper = setInterval(() => http.closeIdleConnections(), 25);
      const cut = setTimeout(() => {
        logger.warn(
          { inFlight: lifecycle.active },
          'shutdown timeout: closing the remaining connections',
        );
        http.closeAllConnections();
      }, config.shutdownTimeoutMs);
      await close();
      clearInterval(sweeper);
      clearTimeout(cut);
      logger.info('shut down');
    },
    /** Immediate stop (tests). */
    close,
  };
}
