import { Inject, Injectable, type LoggerService, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import { pino, type DestinationStream, type Logger, type LevelWithSilent } from 'pino';
import type { GatewayConfig } from '../../config/app-config.js';
import { APP_CONFIG, LOGGER } from '../../tokens.js';
import { clientAddressOf } from '../http/client-address.js';

/**
 * Keys that must never reach a log line (docs/security.md#logs), a second belt behind the
 * serializers. Explicit paths: pino's wildcard redaction costs 0.1 ms a line.
 */
const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  ...`headers body query cookie sessionId sid code state nonce codeVerifier idToken accessToken token
    tokens secret clientSecret password prompt newPrompt businessContext newBusinessContext
    err.config err.request err.response`.split(/\s+/),
];

export function createLogger(level: LevelWithSilent, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'gateway' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    },
    destination ?? pino.destination({ fd: 1, sync: true }),
  );
}

/** Nest's own messages go to the same JSON log (its routine start-up lines at debug). */
export function nestLogger(logger: Logger): LoggerService {
  const at =
    (level: 'debug' | 'warn' | 'trace') =>
    (message: unknown, context?: string): void =>
      logger[level]({ context }, String(message));
  return {
    log: at('debug'),
    debug: at('debug'),
    verbose: at('trace'),
    warn: at('warn'),
    error: (message: unknown, trace?: string, context?: string) =>
      logger.error({ context, trace }, String(message)),
  };
}

type LoggedRequest = IncomingMessage & { originalUrl?: string };
/** The path without its query string: callback queries carry `code` and `state`. */
const pathOf = (req: LoggedRequest) => (req.originalUrl ?? req.url ?? '').split('?')[0];

/** An incoming id is kept only when it is short and made of safe characters (it is logged and echoed). */
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/;
const wellFormed = (value: unknown) =>
  typeof value === 'string' && WELL_FORMED.test(value) ? value : undefined;

/**
 * The request id is made here, or taken from the edge proxy's X-Request-Id where it sets one, never
 * from a caller; a caller's is logged as `clientRequestId` (docs/security.md#request-ids).
 */
@Injectable()
export class HttpLoggerMiddleware implements NestMiddleware {
  private readonly httpLogger: RequestHandler;
  private readonly clientRequestIdOf: (req: IncomingMessage) => string | undefined;

  constructor(@Inject(APP_CONFIG) config: GatewayConfig, @Inject(LOGGER) logger: Logger) {
    const clientAddress = clientAddressOf(config.trustProxyHops);
    // The proxy's id only where it is configured to set one (TRUST_PROXY_REQUEST_ID); the
    // caller's own then comes as X-Client-Request-Id (docs/security.md#request-ids).
    const proxyId = config.trustProxyRequestId;
    const clientRequestIdOf = (req: IncomingMessage) =>
      wellFormed(req.headers[proxyId ? 'x-client-request-id' : 'x-request-id']);
    this.clientRequestIdOf = clientRequestIdOf;
    this.httpLogger = pinoHttp<LoggedRequest, ServerResponse & { locals?: { errorCode?: string } }>(
      {
        logger,
        genReqId: (req, res) => {
          const id = (proxyId && wellFormed(req.headers['x-request-id'])) || randomUUID();
          res.setHeader('X-Request-Id', id);
          return id;
        },
        quietReqLogger: true,
        customAttributeKeys: { reqId: 'requestId' },
        wrapSerializers: false,
        serializers: {
          req: (req: LoggedRequest) => ({
            method: req.method,
            path: pathOf(req),
            remoteAddress: clientAddress(req),
          }),
          res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
          err: () => undefined, // a 5xx answer is not an exception: no made-up stack trace
        },
        customLogLevel: (req, res, err) => {
          if (pathOf(req) === '/api/ready') return 'debug';
          return err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info';
        },
        customSuccessMessage: () => 'request completed',
        customErrorMessage: () => 'request failed',
        customProps: (req, res) => {
          const clientRequestId = clientRequestIdOf(req);
          return {
            ...(clientRequestId ? { clientRequestId } : {}),
            ...(res.locals?.errorCode ? { errorCode: res.locals.errorCode } : {}),
            // The browser went away before the answer was complete.
            ...(res.destroyed && !res.writableFinished ? { aborted: true } : {}),
          };
        },
      },
    ) as RequestHandler;
  }

  use(req: Request, res: Response, next: NextFunction): void {
    // The caller's own id on every line of the request too (a child logger only when there is one).
    void this.httpLogger(req, res, () => {
      const clientRequestId = this.clientRequestIdOf(req);
      if (clientRequestId) req.log = req.log.child({ clientRequestId });
      next();
    });
  }
}

export function requestIdOf(req: Request): string {
  return typeof req.id === 'string' ? req.id : JSON.stringify(req.id);
}
