// The benchmark's same-job peer: what one would write with the usual Express libraries to do the
// gateway's job for the `allSetup` read the benchmark calls. Express 5; helmet; pino-http, one
// JSON line per request to stdout (which the benchmark discards, as it does the gateway's);
// express-session on SQLite (sqlite-session-store.mjs); a same-origin check on unsafe methods
// (Origin and X-Requested-With, as the gateway's CSRF guard); a per-operator rate limit
// (express-rate-limit, memory store); the request checked by the contracts' `checkRequest` and
// the upstream's JSON answer by the operation's response schema, as the gateway's pipe and
// proxy service do; a keep-alive node:http client to the upstream with a deadline.
// Started by peer-process.mjs.
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import {
  API_ROUTES,
  buildPath,
  checkRequest,
  PROXY_OPERATIONS,
  upstreamPath,
} from '@onboarding/contracts';
import express from 'express';
import { rateLimit } from 'express-rate-limit';
import session from 'express-session';
import helmet from 'helmet';
import { pino } from 'pino';
import { pinoHttp } from 'pino-http';
import { SqliteSessionStore } from './sqlite-session-store.mjs';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const JSON_TYPE = /^application\/json\s*(;|$)/i;
// As the gateway's defaults: UPSTREAM_TIMEOUT_MS, UPSTREAM_MAX_RESPONSE_BYTES, SESSION_IDLE_TIMEOUT_MIN.
const UPSTREAM_TIMEOUT_MS = 15_000;
const MAX_RESPONSE_BYTES = 10 * 1024 * 1024;
const IDLE_TTL_MS = 60 * 60_000;

class HttpError extends Error {
  constructor(status, code, message, extra = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
}

/**
 * The peer's Express app on `publicOrigin`, forwarding to `upstream` (e.g.
 * http://127.0.0.1:1234/customer-setup), its sessions in `dataDir`.
 */
export function createSameJobPeer({ upstream, publicOrigin, dataDir }) {
  const { path: routePath, method } = API_ROUTES.rem_omni.allSetup;
  const op = PROXY_OPERATIONS.find((o) => o.path === routePath && o.method === method);
  const base = new URL(upstream);
  // As the gateway's upstream pool (UPSTREAM_MAX_SOCKETS, 64; last-used socket first).
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: 64,
    maxFreeSockets: 64,
    scheduling: 'lifo',
  });
  // As the gateway's logger: level info, one synchronous write a line to fd 1.
  const logger = pino(
    {
      level: 'info',
      base: { service: 'same-job-peer' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    pino.destination({ fd: 1, sync: true }),
  );
  const store = new SqliteSessionStore(path.join(dataDir, 'sessions.sqlite'), IDLE_TTL_MS);

  const app = express();
  app.set('etag', false);
  app.set('trust proxy', false);

  app.use(
    pinoHttp({
      logger,
      genReqId: (_req, res) => {
        const id = randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      quietReqLogger: true,
      customAttributeKeys: { reqId: 'requestId' },
      wrapSerializers: false,
      // The line the gateway writes: no headers (cookies), no query strings.
      serializers: {
        req: (req) => ({
          method: req.method,
          path: (req.originalUrl ?? req.url).split('?')[0],
          remoteAddress: req.socket.remoteAddress,
        }),
        res: (res) => ({ statusCode: res.statusCode }),
        err: () => undefined,
      },
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    }),
  );
  app.use(helmet());
  app.use('/api', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  app.use(express.json({ limit: '1mb', strict: true }));
  const sessions = session({
    name: 'peer.sid',
    secret: randomBytes(32).toString('base64url'),
    store,
    resave: false,
    saveUninitialized: false,
    cookie: { httpOnly: true, sameSite: 'lax', secure: false, path: '/' },
  });
  app.use('/api', sessions);

  // Bench only, in place of the OIDC sign-in the gateway has: a signed-in session for an e-mail.
  app.post('/bench/sign-in', sessions, (req, res, next) =>
    req.session.regenerate((err) => {
      if (err) return next(err);
      req.session.user = { email: String(req.body.email), signedInAt: Date.now() };
      req.session.save((saveErr) => (saveErr ? next(saveErr) : res.status(204).end()));
    }),
  );

  // Same-origin proof on state-changing calls, as the gateway's CSRF guard.
  app.use('/api', (req, _res, next) => {
    if (!UNSAFE.has(req.method)) return next();
    const site = req.headers['sec-fetch-site'];
    const originOk =
      req.headers.origin === undefined
        ? site === 'same-origin'
        : req.headers.origin === publicOrigin;
    if (!originOk || (site !== undefined && site !== 'same-origin'))
      return next(new HttpError(403, 'CSRF_REJECTED', 'Cross-site requests are not allowed.'));
    if (req.headers['x-requested-with'] !== 'XMLHttpRequest')
      return next(new HttpError(403, 'CSRF_REJECTED', 'The X-Requested-With header is required.'));
    const { 'content-length': length, 'transfer-encoding': chunked } = req.headers;
    const hasBody = chunked !== undefined || (length !== undefined && length !== '0');
    if (hasBody && !JSON_TYPE.test(req.headers['content-type'] ?? ''))
      return next(
        new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.'),
      );
    next();
  });
  app.use('/api/proxy', (req, _res, next) =>
    next(req.session.user ? undefined : new HttpError(401, 'UNAUTHENTICATED', 'Sign in first.')),
  );
  app.use(
    '/api/proxy',
    rateLimit({
      windowMs: 60_000,
      // As the bench's RATE_LIMIT_API_PER_MIN for the gateway: counted, never refused here.
      limit: 100_000_000,
      standardHeaders: 'draft-7',
      legacyHeaders: false,
      keyGenerator: (req) => `user:${req.session.user.email}`,
      handler: (_req, _res, next) =>
        next(new HttpError(429, 'RATE_LIMITED', 'Too many requests. Wait a moment and try again.')),
      validate: { trustProxy: false, xForwardedForHeader: false },
    }),
  );

  app[op.method.toLowerCase()](op.path, async (req, res) => {
    const operator = req.session.user.email;
    const parts = { params: req.params, query: req.query, body: req.body };
    const checked = checkRequest(op, parts, { operator });
    if (!checked.ok)
      throw new HttpError(400, 'VALIDATION_FAILED', 'The request does not match the contract.', {
        issues: checked.issues,
      });
    const { params, query, body } = checked.request;
    const search = new URLSearchParams(query ?? {}).toString();
    const answer = await call({
      method: op.method,
      path: `${base.pathname}${buildPath(upstreamPath(op), params ?? {})}${search ? `?${search}` : ''}`,
      body,
      headers: { 'X-Request-Id': String(req.id), 'X-User-Email': operator },
    });
    const result = op.response.safeParse(answer.json);
    if (!result.success) {
      req.log.error({ operation: op.id }, 'upstream answer does not match the contract');
      throw new HttpError(502, 'UPSTREAM_CONTRACT_MISMATCH', 'The service answered unexpectedly.');
    }
    res.status(answer.status).json(result.data);
  });

  app.use((_req, _res, next) => next(new HttpError(404, 'NOT_FOUND', 'No such route.')));
  app.use((err, req, res, _next) => {
    const known = err instanceof HttpError;
    const status = known ? err.status : (err.status ?? 500);
    if (!known) req.log.error({ cause: err.message }, 'request failed');
    res.status(status).json({
      error: {
        code: known ? err.code : status < 500 ? 'VALIDATION_FAILED' : 'INTERNAL',
        message: known ? err.message : 'The request failed.',
        requestId: String(req.id),
        ...(known ? err.extra : {}),
      },
    });
  });

  /** One upstream exchange: its status and parsed JSON, or an HttpError (502/504). */
  function call({ method, path: upstreamPathname, body, headers }) {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: base.hostname,
          port: base.port,
          path: upstreamPathname,
          method,
          agent,
          signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
          headers: {
            ...headers,
            Accept: 'application/json',
            'User-Agent': 'same-job-peer',
            ...(payload === undefined
              ? {}
              : {
                  'Content-Type': 'application/json',
                  'Content-Length': Buffer.byteLength(payload),
                }),
          },
        },
        (res) => {
          const chunks = [];
          let size = 0;
          res.on('data', (chunk) => {
            size += chunk.length;
            if (size > MAX_RESPONSE_BYTES) req.destroy(new Error('answer too large'));
            else chunks.push(chunk);
          });
          res.on('end', () => {
            const status = res.statusCode;
            if (status >= 500)
              return reject(new HttpError(502, 'UPSTREAM_ERROR', 'The service failed to answer.'));
            let json;
            try {
              if (!JSON_TYPE.test(res.headers['content-type'] ?? '')) throw new Error('not JSON');
              json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            } catch {
              return reject(
                new HttpError(502, 'UPSTREAM_BAD_RESPONSE', 'The service sent an unusable answer.'),
              );
            }
            if (status >= 400)
              return reject(
                new HttpError(status, 'UPSTREAM_ERROR', json?.message ?? 'The service refused.'),
              );
            resolve({ status, json });
          });
        },
      );
      req.on('error', (err) =>
        reject(
          err.name === 'TimeoutError' || err.name === 'AbortError'
            ? new HttpError(504, 'UPSTREAM_TIMEOUT', 'The service did not answer in time.')
            : new HttpError(502, 'UPSTREAM_UNAVAILABLE', 'The service cannot be reached.'),
        ),
      );
      req.end(payload);
    });
  }

  return {
    app,
    close() {
      agent.destroy();
      store.close();
    },
  };
}
