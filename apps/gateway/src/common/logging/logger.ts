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
 * One line per request when its answer is done (pino-http): request id, method, path, client
 * address (TRUST_PROXY_HOPS), status, duration, and the error code of an error answer. 5xx log
 * at error, 4xx at warn, readiness probes at debug (readiness logs its own changes). Every line
 * logged through `req.log` carries the request id.
 */
export function createHttpLogger(
  logger: Logger,
  clientAddress: (req: IncomingMessage) => string,
): RequestHandler {
  return pinoHttp<IncomingMessage, ServerResponse>({
    logger,
    // The id is set by the request-id middleware before this one.
    genReqId: (req) => req.id,
    quietReqLogger: true,
    customAttributeKeys: { reqId: 'requestId' },
    wrapSerializers: false,
    serializers: {
      req: (req: IncomingMessage & { originalUrl?: string }) => ({
        method: req.method,
        path: pathOnly(req.originalUrl ?? req.url),
        remoteAddress: clientAddress(req),
      }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
      // A 5xx answer is not an exception: no made-up stack trace in its line.
      err: () => undefined,
    },
    customLogLevel: (req, res, err) => {
      if (pathOnly((req as IncomingMessage & { originalUrl?: string }).originalUrl) === READY_PATH)
        return 'debug';
      return err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info';
    },
    customSuccessMessage: () => 'request completed',
    customErrorMessage: () => 'request failed',
    customProps: (_req, res) => {
      const errorCode = (res as ServerResponse & { locals?: { errorCode?: string } }).locals
        ?.errorCode;
      return {
        ...(errorCode ? { errorCode } : {}),
        // The browser went away before the answer was complete.
        ...(res.destroyed && !res.writableFinished ? { aborted: true } : {}),
      };
    },
  });
}
