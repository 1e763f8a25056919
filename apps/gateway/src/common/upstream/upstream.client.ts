import http from 'node:http';
import https from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { GatewayConfig, UpstreamService } from '../../config/app-config.js';
import { ApiException } from '../errors/api-exception.js';
import { CircuitBreaker } from './circuit-breaker.js';
import {
  type Abortable,
  httpRequest,
  type RawResponse,
  requestTarget,
  type RequestTarget,
  ResponseTooLargeError,
} from './http-request.js';
import { sanitizeMessage } from './sanitize.js';

export interface UpstreamCall {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path and query, already encoded, relative to the service's base URL. */
  readonly path: string;
  readonly body?: unknown;
  readonly requestId: string;
  readonly userEmail: string;
  /** A declared idempotent read: may be retried once. */
  readonly idempotent: boolean;
  /** Ends the call when the browser has gone (see ClientGone). */
  readonly clientGone?: ClientGone;
  /** The request's logger (carries its request id). */
  readonly log?: Logger;
}

export interface UpstreamAnswer {
  readonly status: number;
  /** The upstream's JSON text, as it sent it. */
  readonly raw: Buffer;
  readonly json: unknown;
}

const NETWORK_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EPIPE',
  'ECONNABORTED',
  'ERR_SOCKET_CONNECTION_TIMEOUT',
]);

const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i;

/**
 * Set by the caller when the browser went away: the attempt in flight is ended and no retry
 * follows. (A plain object rather than an AbortSignal: this is on every request's path.)
 */
export class ClientGone {
  gone = false;
  /** The attempt in flight, while there is one. */
  onGone: (() => void) | undefined;

  signal(): void {
    if (this.gone) return;
    this.gone = true;
    this.onGone?.();
  }
}

/** Why a call failed: decides the breaker's count and whether a read may be retried. */
type Failure = { kind: 'unavailable' | 'timeout' | 'server' | 'other'; error: ApiException };

/**
 * The one client of an upstream service: keep-alive connections, a deadline that aborts the
 * request, the fault table of security.md, a circuit breaker, one retry for idempotent reads.
 * Only `X-Request-Id`, `X-User-Email` and content headers go out; nothing of the upstream's
 * headers comes back.
 */
export class UpstreamClient {
  readonly breaker: CircuitBreaker;
  private readonly agent: http.Agent;
  private readonly target: RequestTarget;
  private readonly fixedHeaders: Record<string, string>;

  constructor(
    readonly service: UpstreamService,
    readonly baseUrl: string,
    private readonly settings: GatewayConfig['upstream'],
    private readonly logger: Logger,
  ) {
    this.breaker = new CircuitBreaker(settings.circuitFailureThreshold, settings.circuitResetMs);
    const agentOptions = {
      keepAlive: true,
      maxSockets: settings.maxSockets,
      maxFreeSockets: settings.maxSockets,
      scheduling: 'lifo' as const,
    };
    this.target = requestTarget(baseUrl);
    this.agent = this.target.https ? new https.Agent(agentOptions) : new http.Agent(agentOptions);
    this.fixedHeaders = { Accept: 'application/json', 'User-Agent': 'onboarding-gateway' };
  }

  async call(call: UpstreamCall): Promise<UpstreamAnswer> {
    const deadline = Date.now() + this.settings.timeoutMs;
    const first = await this.attempt(call, deadline);
    if (!('kind' in first)) return first;
    const retryable =
      call.idempotent &&
      (first.kind === 'unavailable' || first.kind === 'server') &&
      !call.clientGone?.gone;
    if (retryable) {
      // Jitter spreads the retries of many gateways; the retry still has to meet the deadline.
      const pause = 50 + Math.floor(Math.random() * 150);
      if (deadline - Date.now() > pause + 50 && this.breaker.current === 'closed') {
        await sleep(pause);
        const second = await this.attempt(call, deadline);
        if (!('kind' in second)) return second;
        throw second.error;
      }
    }
    throw first.error;
  }

  private async attempt(call: UpstreamCall, deadline: number): Promise<UpstreamAnswer | Failure> {
    const gate = this.breaker.acquire();
    if (!gate.allowed) {
      const retryAfter = Math.ceil(gate.retryAfterMs / 1000);
      return {
        kind: 'other',
        error: new ApiException(
          503,
          'CIRCUIT_OPEN',
          'The service is failing; calls are paused for a moment.',
          {
            upstream: { service: this.service, status: 0 },
            retryAfter,
          },
        ),
      };
    }
    const inFlight: Abortable = {};
    let endedBy: 'deadline' | 'client' | undefined;
    const end = (by: 'deadline' | 'client') => {
      endedBy ??= by;
      inFlight.abort?.(new Error(by === 'deadline' ? 'deadline' : 'client gone'));
    };
    const timer = setTimeout(() => end('deadline'), Math.max(deadline - Date.now(), 1));
    const gone = call.clientGone;
    if (gone) gone.onGone = () => end('client');
    const started = performance.now();
    let response: RawResponse;
    try {
      const path = call.path.startsWith('/') ? call.path : `/${call.path}`;
      const headers: Record<string, string> = {
        ...this.fixedHeaders,
        'X-Request-Id': call.requestId,
        'X-User-Email': call.userEmail,
      };
      if (call.body !== undefined) headers['Content-Type'] = 'application/json';
      // The browser may have gone before this attempt: nothing is sent then.
      if (gone?.gone) {
        endedBy = 'client';
        throw new Error('client gone');
      }
      response = await httpRequest(this.target, path, {
        method: call.method,
        body: call.body === undefined ? undefined : Buffer.from(JSON.stringify(call.body)),
        headers,
        agent: this.agent,
        maxBytes: this.settings.maxResponseBytes,
        abortable: inFlight,
      });
    } catch (err) {
      const failure = this.networkFailure(err, endedBy);
      this.record(failure.kind);
      (call.log ?? this.logger).warn(
        {
          upstream: this.service,
          path: pathOnly(call.path),
          cause: describe(err),
          ms: Math.round(performance.now() - started),
        },
        'upstream call failed',
      );
      return failure;
    } finally {
      clearTimeout(timer);
      if (gone) gone.onGone = undefined;
    }
    const outcome = this.interpret(response);
    this.record('kind' in outcome ? outcome.kind : 'ok');
    const log = call.log ?? this.logger;
    if (log.isLevelEnabled('debug')) {
      log.debug(
        {
          upstream: this.service,
          path: pathOnly(call.path),
          status: response.status,
          ms: Math.round(performance.now() - started),
        },
        'upstream answered',
      );
    }
    return outcome;
  }

  private record(kind: Failure['kind'] | 'ok'): void {
    if (kind === 'ok') this.breaker.success();
    else if (kind === 'other') this.breaker.neutral();
    else this.breaker.failure();
  }

  private networkFailure(err: unknown, endedBy: 'deadline' | 'client' | undefined): Failure {
    const upstream = { service: this.service, status: 0 };
    if (err instanceof ResponseTooLargeError) {
      return { kind: 'other', error: badResponse(this.service, 0) };
    }
    if (endedBy !== undefined) {
      if (endedBy === 'client') {
        return {
          kind: 'other',
          error: new ApiException(499, 'UPSTREAM_TIMEOUT', 'The request was cancelled.', {
            upstream,
          }),
        };
      }
      return {
        kind: 'timeout',
        error: new ApiException(504, 'UPSTREAM_TIMEOUT', 'The service did not answer in time.', {
          upstream,
        }),
      };
    }
    const code = (err as NodeJS.ErrnoException | undefined)?.code;
    if (
      (code && NETWORK_ERRORS.has(code)) ||
      /socket hang up/i.test((err as Error | undefined)?.message ?? '')
    ) {
      return {
        kind: 'unavailable',
        error: new ApiException(502, 'UPSTREAM_UNAVAILABLE', 'The service cannot be reached.', {
          upstream,
        }),
      };
    }
    return { kind: 'other', error: badResponse(this.service, 0) };
  }

  /** The fault table of security.md for an answer that arrived. */
  private interpret(response: RawResponse): UpstreamAnswer | Failure {
    const { status } = response;
    const upstream = { service: this.service, status };
    const contentType = String(response.headers['content-type'] ?? '');
    const raw = response.body;
    if (status === 503) {
      return {
        kind: 'server',
        error: new ApiException(
          503,
          'UPSTREAM_UNAVAILABLE',
          'The service is unavailable right now. Try again shortly.',
          {
            upstream,
            retryAfter: retryAfterSeconds(response.headers['retry-after']),
          },
        ),
      };
    }
    if (status >= 500) {
      return {
        kind: 'server',
        error: new ApiException(502, 'UPSTREAM_ERROR', 'The service failed to answer.', {
          upstream,
        }),
      };
    }
    if (status < 200 || (status >= 300 && status < 400)) {
      return { kind: 'other', error: badResponse(this.service, status) };
    }
    const isJson = JSON_TYPE.test(contentType);
    let json: unknown;
    let parsed = false;
    if (isJson && raw.length > 0) {
      try {
        json = JSON.parse(raw.toString('utf8'));
        parsed = true;
      } catch {
        parsed = false;
      }
    }
    if (status >= 400) {
      if (!parsed) return { kind: 'other', error: badResponse(this.service, status) };
      const message = messageOf(json);
      // A 401 from an upstream is the gateway's credentials failing, not the operator's
      // session: passing it on would sign the operator out.
      const outStatus = status === 401 || status === 407 ? 502 : status;
      return {
        kind: 'other',
        error: new ApiException(
          outStatus,
          'UPSTREAM_ERROR',
          message ?? 'The service refused the request.',
          { upstream },
        ),
      };
    }
    if (!parsed) return { kind: 'other', error: badResponse(this.service, status) };
    return { status, raw, json };
  }

  /** Whether the service answers HTTP at all (any status), for /api/ready. */
  async reachable(timeoutMs: number): Promise<boolean> {
    try {
      const inFlight: Abortable = {};
      const timer = setTimeout(() => inFlight.abort?.(new Error('timeout')), timeoutMs);
      try {
        await httpRequest(this.target, '/', {
          method: 'GET',
          headers: this.fixedHeaders,
          agent: this.agent,
          maxBytes: 64 * 1024,
          abortable: inFlight,
        });
      } finally {
        clearTimeout(timer);
      }
      return true;
    } catch {
      return false;
    }
  }

  close(): void {
    this.agent.destroy();
  }
}

function badResponse(service: string, status: number): ApiException {
  return new ApiException(
    502,
    'UPSTREAM_BAD_RESPONSE',
    'The service sent an answer the gateway cannot use.',
    {
      upstream: { service, status },
    },
  );
}

function messageOf(json: unknown): string | undefined {
  if (json && typeof json === 'object' && !Array.isArray(json)) {
    const m = (json as Record<string, unknown>).message;
    if (typeof m === 'string') return sanitizeMessage(m);
  }
  return undefined;
}

function retryAfterSeconds(value: unknown): number {
  if (typeof value === 'string') {
    if (/^\d{1,6}$/.test(value.trim())) return Math.min(Number(value.trim()), 3600);
    const at = Date.parse(value);
    if (!Number.isNaN(at)) return Math.min(Math.max(Math.ceil((at - Date.now()) / 1000), 1), 3600);
  }
  return 5;
}

function pathOnly(p: string): string {
  const q = p.indexOf('?');
  return q === -1 ? p : p.slice(0, q);
}

function describe(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code) return code;
  return err instanceof Error ? err.name : 'unknown';
}
