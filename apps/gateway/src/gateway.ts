import 'reflect-metadata';
import { type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import type { AnyOperation } from '@onboarding/contracts';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DestinationStream, Logger } from 'pino';
import { AppModule } from './app.module.js';
import { OidcClient } from './auth/oidc.client.js';
import { createSessionStore, type FailFastSessionStore } from './auth/session/session-store.js';
import {
  createSessionGuard,
  createSessionMiddleware,
  createSessionReader,
} from './auth/session/session.middleware.js';
import { buildOpenApiDocument } from './common/contract/openapi.js';
import { ApiExceptionFilter } from './common/errors/api-exception.filter.js';
import { sendError, toApiException } from './common/errors/send-error.js';
import { clientAddressOf } from './common/http/client-address.js';
import { installFrontDoor, runSteps, type Step } from './common/http/front-door.js';
import { jsonBody } from './common/http/json-body.js';
import { apiRateLimit, signInRateLimit } from './common/http/rate-limits.js';
import { csrfGuard, jsonOnly, pollutionGuard } from './common/http/request-guards.js';
import { securityHeaders } from './common/http/security-headers.js';
import { createWebApp } from './common/http/web-app.js';
import { ProxyRoutes } from './common/contract/proxy-routes.js';
import { ProxyService } from './common/upstream/proxy.service.js';
import { Lifecycle } from './common/lifecycle/lifecycle.js';
import { createHttpLogger, createLogger } from './common/logging/logger.js';
import { PinoNestLogger } from './common/logging/nest-logger.js';
import { RedisConnection } from './common/redis/redis-connection.js';
import { requestIdMiddleware } from './common/request-id/request-id.middleware.js';
import { UpstreamClients } from './common/upstream/upstream-clients.js';
import type { GatewayConfig } from './config/app-config.js';
import type { GatewayRuntime } from './core.module.js';
import { ALL_OPERATIONS } from './modules/operations.js';

export interface GatewayOptions {
  /** Where JSON log lines go (stdout by default). */
  readonly logDestination?: DestinationStream;
  /** The proxy modules to mount (all of the contracts' by default). */
  readonly proxyModules?: readonly DynamicModule[];
  /** The operations the API docs describe (all of the contracts' by default). */
  readonly operations?: readonly AnyOperation[];
}

export interface Gateway {
  readonly app: NestExpressApplication;
  readonly config: GatewayConfig;
  readonly logger: Logger;
  readonly store: FailFastSessionStore;
  readonly upstreams: UpstreamClients;
  readonly lifecycle: Lifecycle;
  /** Listens on the configured port (or the one given) and resolves with the bound address. */
  listen(port?: number, host?: string): Promise<string>;
  /** Graceful stop: not ready at once, in-flight requests finish, then everything closes. */
  shutdown(): Promise<void>;
  /** Immediate stop (tests). */
  close(): Promise<void>;
}

const isApi = (path: string) => path === '/api' || path.startsWith('/api/');
const PUBLIC_API = /^\/api\/(health|ready|docs(-json)?)(\/|$)/;
const SIGN_IN = /^\/api\/sso\/(getAuthUrl|callback)$/;

/** Builds the gateway: the Express pipeline of security.md in order, then Nest's routes. */
export async function createGateway(
  config: GatewayConfig,
  options: GatewayOptions = {},
): Promise<Gateway> {
  const logger = createLogger(config.logLevel, options.logDestination);
  const redis =
    config.session.store === 'redis' && config.session.redisUrl
      ? new RedisConnection(config.session.redisUrl, logger, config.session.storeTimeoutMs)
      : undefined;
  redis?.start();
  const store = createSessionStore(config, redis, logger);
  const lifecycle = new Lifecycle();
  const upstreams = new UpstreamClients(config, logger);
  const oidc = new OidcClient(config.oidc, logger);
  const proxyRoutes = new ProxyRoutes();
  const runtime: GatewayRuntime = {
    config,
    logger,
    store,
    lifecycle,
    upstreams,
    oidc,
    proxyRoutes,
  };

  // Routing settings go on the Express app before Nest builds its router from it (Express reads
  // them once, when the router is created): `/API/sso/logout` or `/api/sso/logout/` are not the
  // API's paths and must not reach a route while skipping the API's defences, which match the
  // exact prefix `/api/`.
  const server = express();
  server.set('case sensitive routing', true);
  server.set('strict routing', true);
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot(runtime, options.proxyModules),
    new ExpressAdapter(server),
    {
      bodyParser: false,
      logger: new PinoNestLogger(logger),
      abortOnError: false,
    },
  );
  app.set('x-powered-by', false);
  app.set('etag', false);
  // Origins, redirect targets and the protocol come from configuration, never from
  // X-Forwarded-* headers. Only the client address (rate limits, logs) may come from
  // X-Forwarded-For, as far as TRUST_PROXY_HOPS says (common/http/client-address.ts).
  app.set('trust proxy', false);
  app.set('query parser', 'simple');

  const readJsonBody = jsonBody(config.bodyLimitBytes);
  const sessions = createSessionMiddleware(config, store);
  const sessionReader = createSessionReader(config, store);
  const guard = createSessionGuard(config);
  const clientAddress = clientAddressOf(config.trustProxyHops);
  const signInLimit = signInRateLimit(config.rateLimit.signInPerMinute, redis, clientAddress);
  const apiLimit = apiRateLimit(config.rateLimit.apiPerMinute, redis, clientAddress);

  /** What every answer gets: an id, a log line, in-flight tracking, the security headers. */
  const everyRequest: Step[] = [
    requestIdMiddleware,
    createHttpLogger(logger, clientAddress),
    (req, res, next) => {
      lifecycle.requestStarted();
      res.once('close', () => lifecycle.requestEnded());
      // While draining, every answer closes its connection so keep-alive clients move on.
      if (lifecycle.draining) res.setHeader('Connection', 'close');
      next();
    },
    securityHeaders(config.session.secureCookie),
  ];
  for (const step of everyRequest) app.use(step);
  app.use(createWebApp(config.webDistDir, logger));

  // The API's defences, in the order of security.md, as one middleware: the path is classified
  // once per request instead of by a router layer per step.
  const csrf = csrfGuard(config.publicOrigin);
  const parseBody: Step = (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    readJsonBody(req, res, (err?: unknown) =>
      err ? sendError(req, res, toApiException(err)) : next(),
    );
  };
  const signedIn: Step = (req, res, next) => guard(req, res, () => apiLimit(req, res, next));
  const common: Step[] = [csrf, jsonOnly, parseBody, pollutionGuard];
  const pipelines = {
    /** health, readiness, docs: no session */
    public: common,
    /** getAuthUrl and the callback: rate-limited per client address */
    signIn: [signInLimit, ...common, sessions],
    /** logout and the rest of /api/sso: a session, maybe not signed in */
    sso: [...common, sessions],
    /** everything else: a signed-in session, rate-limited per operator */
    protected: [...common, sessionReader, signedIn],
  };
  app.use((req: Request, res: Response, next: NextFunction) => {
    const path = req.path;
    if (!isApi(path)) return next();
    const steps = PUBLIC_API.test(path)
      ? pipelines.public
      : SIGN_IN.test(path)
        ? pipelines.signIn
        : path.startsWith('/api/sso/')
          ? pipelines.sso
          : pipelines.protected;
    runSteps(steps, req, res, next);
  });

  if (config.docsEnabled) {
    const operations = options.operations ?? ALL_OPERATIONS;
    SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(operations), {
      jsonDocumentUrl: 'api/docs-json',
      raw: ['json'],
      customSiteTitle: 'Onboarding Console gateway — API',
      swaggerOptions: { validatorUrl: null, persistAuthorization: false },
    });
  }
  app.useGlobalFilters(new ApiExceptionFilter());
  await app.init();
  // Proxied calls: the same steps, served before Express (common/http/front-door.ts).
  const proxy = app.get(ProxyService);
  installFrontDoor(
    app.getHttpServer(),
    proxyRoutes,
    [...everyRequest, ...pipelines.protected],
    (op, req, res) => proxy.forward(op, req, res),
  );

  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await app
      .close()
      .catch((err: unknown) => logger.warn({ cause: (err as Error).message }, 'close failed'));
    upstreams.close();
    await store.close();
    await redis?.close();
  };

  return {
    app,
    config,
    logger,
    store,
    upstreams,
    lifecycle,
    async listen(port = config.port, host = config.host) {
      const server = app.getHttpServer();
      // Longer than a load balancer's idle timeout, so it is the one that closes idle sockets.
      server.keepAliveTimeout = 65_000;
      server.headersTimeout = 66_000;
      if (host) await app.listen(port, host);
      else await app.listen(port);
      const address = server.address() as AddressInfo;
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      logger.info({ port: address.port }, 'gateway listening');
      void oidc.discover().catch(() => undefined);
      return `http://${shownHost === '[::]' || shownHost === '0.0.0.0' ? '127.0.0.1' : shownHost}:${address.port}`;
    },
    async shutdown() {
      if (lifecycle.draining) return;
      lifecycle.startDraining();
      logger.info({ inFlight: lifecycle.active }, 'shutting down: not ready, draining');
      const server = app.getHttpServer();
      if (config.shutdownGraceMs > 0) await sleep(config.shutdownGraceMs);
      server.close();
      server.closeIdleConnections();
      const sweeper = setInterval(() => server.closeIdleConnections(), 25);
      const finished = await Promise.race([
        lifecycle.whenIdle().then(() => true),
        sleep(config.shutdownTimeoutMs).then(() => false),
      ]);
      clearInterval(sweeper);
      if (!finished)
        logger.warn(
          { inFlight: lifecycle.active },
          'shutdown timeout: closing the remaining connections',
        );
      server.closeAllConnections();
      await close();
      logger.info('shut down');
    },
    close,
  };
}
