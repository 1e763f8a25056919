import type { LoggerService } from '@nestjs/common';
import type { RequestHandler } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import { pino, type DestinationStream, type Logger, type LevelWithSilent } from 'pino';

/**
 * Paths that must never reach a log line (security.md, "Operations"): credentials, cookies,
 * tokens, codes, secrets and prompt text. The serializers below already keep requests down to
 * method + path and nothing logs a body; this is the second belt, on the keys a careless log
 * call would use. (Explicit paths: pino's wildcard redaction costs a tenth of a millisecond per
 * line.)
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

/**
 * One line per request when its answer is done (pino-http): request id, method, path, client
 * address (TRUST_PROXY_HOPS), status, duration, and the error code of an error answer. 5xx log
 * at error, 4xx at warn, readiness probes at debug (readiness logs its own changes). Every line
 * logged through `req.log` carries the request id.
 */
export function createHttpLogger(
  logger: Logger,
  clientAddress: (req: IncomingMessage) => string,
): RequestHandler {
  return pinoHttp<LoggedRequest, ServerResponse & { locals?: { errorCode?: string } }>({
    logger,
    genReqId: (req) => req.id, // set by the request-id middleware before this one
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
    customProps: (_req, res) => ({
      ...(res.locals?.errorCode ? { errorCode: res.locals.errorCode } : {}),
      // The browser went away before the answer was complete.
      ...(res.destroyed && !res.writableFinished ? { aborted: true } : {}),
    }),
  });
}
