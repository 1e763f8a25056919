import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import fs from 'node:fs';
import type { Logger } from 'pino';
import os from 'node:os';
import path from 'node:path';
import type request from 'supertest';
import type { ApiException } from '../../src/common/errors/api-exception.js';
import { createLogger } from '../../src/common/logging/logger.js';
import type { GatewayConfig } from '../../src/config/app-config.js';
import {
  createSessionStore,
  type FailFastSessionStore,
} from '../../src/auth/session/session-store.js';
import { SessionMiddleware } from '../../src/auth/session/session.middleware.js';
import { LogCapture } from './logs.js';
import { pinoLoggerOf } from './pino-logger.js';

const SESSION_COOKIE = 'onboarding.sid';

/**
 * An Express app with the gateway's session middleware on its SQLite store (a fresh data dir),
 * `routes` behind it and the API's status and code for whatever they throw. `calls` records each
 * store operation; `close` closes the store (a store that fails from then on).
 */
export function sessionApp(
  routes: (server: Express, config: GatewayConfig, logger: Logger) => void,
  { secureCookie = false } = {},
) {
  const config = {
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'session-app-')),
    dashboardBaseUrl: 'https://dashboards.example',
    session: {
      store: 'sqlite',
      cookieName: SESSION_COOKIE,
      secret: 'a-session-secret-of-enough-length',
      secureCookie,
      idleTimeoutMs: 600_000,
      storeTimeoutMs: 1_000,
    },
  } as unknown as GatewayConfig;
  const logs = new LogCapture();
  const logger = createLogger('info', logs);
  const calls: string[] = [];
  const store: FailFastSessionStore = createSessionStore(config, undefined, logger, (op) => {
    calls.push(op);
  });
  const middleware = new SessionMiddleware(config, store, pinoLoggerOf(logger));
  const server = express();
  server.use((req: Request, res: Response, next: NextFunction) => middleware.use(req, res, next));
  routes(server, config, logger);
  server.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const { code, message } = err as ApiException;
    res.status((err as ApiException).getStatus()).json({ code, message });
  });
  return { server, config, calls, logs, close: () => store.close() };
}

/** The session cookie an answer sets, if any, with its attributes. */
export const sessionCookie = (res: request.Response): string | undefined =>
  (res.headers['set-cookie'] as unknown as string[] | undefined)?.find((c) =>
    c.startsWith(`${SESSION_COOKIE}=`),
  );
