import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { IncomingMessage } from 'node:http';
import { pino, type DestinationStream, type Logger, type LevelWithSilent } from 'pino';

declare module 'node:http' {
  interface IncomingMessage {
    /** The request id (request-id middleware): logged, echoed as X-Request-Id, in error bodies. */
    id: string;
    /** The request's logger: every line carries its request id. */
    log: Logger;
  }
}

/**
 * Paths that must never reach a log line (security.md, "Operations"): credentials, cookies,
 * tokens, codes, secrets and prompt text. The serializers below already keep requests down to
 * method + path and nothing logs a body; this is the second belt, on the keys a careless log
 * call would use. (Explicit paths: pino's wildcard redaction costs a tenth of a millisecond per
 * line.)
 */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers',
  'body',
  'query',
  'cookie',
  'sessionId',
  'sid',
  'code',
  'state',
  'nonce',
  'codeVerifier',
  'idToken',
  'accessToken',
  'token',
  'tokens',
  'secret',
  'clientSecret',
  'password',
  'prompt',
  'newPrompt',
  'businessContext',
  'newBusinessContext',
  'err.config',
  'err.request',
  'err.response',
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

const READY_PATH = '/api/ready';

/** The path without its query string: callback queries carry `code` and `state`. */
function pathOnly(url: string | undefined): string {
  if (!url) return '';
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/**
 * One line per request when its answer is done: request id, method, path, client address
 * (TRUST_PROXY_HOPS), status, duration, and the error code of an error answer. 5xx answers log at
 * error, 4xx at warn, readiness probes at debug (the readiness service logs their changes). Also
 * gives the request its logger (`req.log`), so every line about it carries its request id.
 */
export function createHttpLogger(
  logger: Logger,
  clientAddress: (req: IncomingMessage) => string,
): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = Date.now();
    const log = logger.child({ requestId: req.id });
    req.log = log;
    const onError = (err: Error) => {
      log.error({ err }, 'response stream failed');
    };
    res.on('error', onError);
    res.once('close', () => {
      res.off('error', onError);
      const path = pathOnly(req.originalUrl);
      const status = res.statusCode;
      const level =
        path === READY_PATH ? 'debug' : status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
      if (!log.isLevelEnabled(level)) return;
      const errorCode = res.locals.errorCode as string | undefined;
      log[level](
        {
          req: { method: req.method, path, remoteAddress: clientAddress(req) },
          res: { statusCode: status },
          responseTime: Date.now() - started,
          ...(errorCode ? { errorCode } : {}),
          // The browser went away before the answer was complete.
          ...(res.writableFinished ? {} : { aborted: true }),
        },
        status >= 500 ? 'request failed' : 'request completed',
      );
    });
    next();
  };
}
