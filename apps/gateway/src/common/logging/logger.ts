import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Options } from 'pino-http';
import { pino, type DestinationStream, type Logger, type LevelWithSilent } from 'pino';
import type { GatewayConfig } from '../../config/app-config.js';
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

type LoggedRequest = IncomingMessage & { originalUrl?: string };
type LoggedResponse = ServerResponse & { locals?: { errorCode?: string } };
/** The path without its query string: callback queries carry `code` and `state`. */
const pathOf = (req: LoggedRequest) => (req.originalUrl ?? req.url ?? '').split('?')[0];

/** An incoming id is kept only when it is short and made of safe characters (it is logged and echoed). */
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/;
const wellFormed = (value: unknown) =>
  typeof value === 'string' && WELL_FORMED.test(value) ? value : undefined;

/**
 * nestjs-pino's request logger (logging.module.ts): the request id is made here, or taken from the
 * edge proxy's X-Request-Id where it sets one, never from a caller; a caller's is logged as
 * `clientRequestId` (docs/security.md#request-ids).
 */
export function httpLoggerOptions(
  config: Pick<GatewayConfig, 'trustProxyHops' | 'trustProxyRequestId'>,
  logger: Logger,
): Options<LoggedRequest, LoggedResponse> {
  const clientAddress = clientAddressOf(config.trustProxyHops);
  const proxyId = config.trustProxyRequestId;
  const started = new WeakSet<ServerResponse>();
  return {
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
    },
    // A 5xx answer is not an exception: no made-up stack trace on the request's line. (Not an
    // `err` serializer: nestjs-pino's loggers derive from this one and log real errors as `err`.)
    customErrorObject: (_req, _res, _error, { err: _made, ...line }: Record<string, unknown>) =>
      line,
    customLogLevel: (req, res, err) => {
      if (pathOf(req) === '/api/ready') return 'debug';
      return err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info';
    },
    customSuccessMessage: () => 'request completed',
    customErrorMessage: () => 'request failed',
    // Asked at the start (the caller's id, bound to the request's line) and again at the end (what
    // only the answer knows): each key once on the line.
    customProps: (req, res) => {
      if (!started.has(res)) {
        started.add(res);
        const clientRequestId = clientRequestIdOf(config, req);
        return clientRequestId ? { clientRequestId } : {};
      }
      const errorCode = res.locals?.errorCode;
      if (errorCode) return { errorCode };
      // The browser went away before the answer was complete (the gateway cuts one only on an
      // error, which the line names instead).
      return res.destroyed && !res.writableFinished ? { aborted: true } : {};
    },
  };
}

/**
 * A caller's own request id, well formed: X-Request-Id, or X-Client-Request-Id where the proxy
 * is configured to set the former (TRUST_PROXY_REQUEST_ID).
 */
export function clientRequestIdOf(
  config: Pick<GatewayConfig, 'trustProxyRequestId'>,
  req: IncomingMessage,
): string | undefined {
  return wellFormed(
    req.headers[config.trustProxyRequestId ? 'x-client-request-id' : 'x-request-id'],
  );
}

export function requestIdOf(req: Request): string {
  return typeof req.id === 'string' ? req.id : JSON.stringify(req.id);
}
