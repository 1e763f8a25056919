import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type DestinationStream, type Logger, type LevelWithSilent } from 'pino';
import { pinoHttp, type HttpLogger } from 'pino-http';

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
 * One line per request, with its request id, method, path, client address (TRUST_PROXY_HOPS),
 * status and duration.
 */
export function createHttpLogger(
  logger: Logger,
  clientAddress: (req: IncomingMessage) => string,
): HttpLogger {
  return pinoHttp({
    logger,
    genReqId: (req) => req.id,
    customAttributeKeys: { reqId: 'requestId' },
    serializers: {
      req: (req: IncomingMessage) => ({
        method: req.method,
        path: pathOnly(req.url),
        remoteAddress: clientAddress(req),
      }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
      err: pino.stdSerializers.err,
    },
    wrapSerializers: false,
    quietReqLogger: true,
    customLogLevel: (req: IncomingMessage, res: ServerResponse, err?: Error) => {
      // Readiness probes come every few seconds; the readiness service logs their changes.
      if (pathOnly(req.url) === READY_PATH) return 'debug';
      if (err || res.statusCode >= 500) return 'error';
      if (res.statusCode >= 400) return 'warn';
      return 'info';
    },
    customSuccessMessage: () => 'request completed',
    customErrorMessage: () => 'request failed',
    // pino-http makes up an Error for every 5xx answer; its stack only points into pino-http.
    // A real error (thrown, or a broken response stream) keeps its stack.
    customErrorObject: (_req, res: ServerResponse, error: Error, val: Record<string, unknown>) => {
      if (error.message !== `failed with status code ${res.statusCode}`) return val;
      const { err: _synthetic, ...rest } = val;
      const locals = (res as ServerResponse & { locals?: Record<string, unknown> }).locals;
      return locals?.errorCode ? { ...rest, errorCode: locals.errorCode } : rest;
    },
    customSuccessObject: (_req, res: ServerResponse, val: Record<string, unknown>) => {
      const locals = (res as ServerResponse & { locals?: Record<string, unknown> }).locals;
      return locals?.errorCode ? { ...val, errorCode: locals.errorCode } : val;
    },
  });
}
