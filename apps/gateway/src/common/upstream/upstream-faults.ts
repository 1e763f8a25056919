import { AxiosError, type AxiosResponse } from 'axios';
import { ApiException } from '../errors/api-exception.js';
import { sanitizeMessage } from './sanitize.js';

export interface UpstreamAnswer {
  readonly status: number;
  /** The upstream's JSON text, as it sent it. */
  readonly raw: Buffer;
  readonly json: unknown;
}

/**
 * What a failed attempt says about the upstream: unavailable, timeout and server count against
 * its circuit; other (a 4xx, a body the gateway cannot use, the browser gone) says nothing.
 */
export type FailureKind = 'unavailable' | 'timeout' | 'server' | 'other';

/** A failed attempt: the error the browser gets, and what it says about the upstream. */
export interface Fault {
  readonly kind: FailureKind;
  readonly error: ApiException;
}

/** A request that got no usable answer, with its cause for the log line. */
export interface RequestFault extends Fault {
  readonly cause: string;
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

/** The fault table of security.md for an answer that arrived (any status: none is followed). */
export function interpret(
  service: string,
  response: AxiosResponse<Buffer>,
): UpstreamAnswer | Fault {
  const { status, headers, data: raw } = response;
  const upstream = { service, status };
  if (status === 503) {
    const retryAfter = retryAfterSeconds(headers['retry-after']);
    const message = 'The service is unavailable right now. Try again shortly.';
    return {
      kind: 'server',
      error: new ApiException(503, 'UPSTREAM_UNAVAILABLE', message, { upstream, retryAfter }),
    };
  }
  if (status >= 500) {
    const message = 'The service failed to answer.';
    return {
      kind: 'server',
      error: new ApiException(502, 'UPSTREAM_ERROR', message, { upstream }),
    };
  }
  if (status < 200 || (status >= 300 && status < 400)) {
    return { kind: 'other', error: badResponse(service, status) };
  }
  const json = JSON_TYPE.test(String(headers['content-type'] ?? '')) ? parseJson(raw) : NOT_JSON;
  if (json === NOT_JSON) return { kind: 'other', error: badResponse(service, status) };
  if (status >= 400) {
    // A 401 from an upstream is the gateway's credentials failing, not the operator's session:
    // passing it on would sign the operator out.
    const outStatus = status === 401 || status === 407 ? 502 : status;
    const message = messageOf(json) ?? 'The service refused the request.';
    return {
      kind: 'other',
      error: new ApiException(outStatus, 'UPSTREAM_ERROR', message, { upstream }),
    };
  }
  return { status, raw, json };
}

/**
 * The fault table for a request that got no usable answer; `endedBy` when the gateway aborted
 * it (the deadline passed, or the browser went away).
 */
export function requestFailure(
  service: string,
  err: unknown,
  endedBy: 'deadline' | 'client' | undefined,
): RequestFault {
  if (endedBy === 'client') {
    return { kind: 'other', error: cancelled(service), cause: 'client gone' };
  }
  if (endedBy === 'deadline') {
    return { kind: 'timeout', error: timedOut(service), cause: 'deadline' };
  }
  const code = (err as { code?: string } | undefined)?.code;
  if (code === AxiosError.ERR_BAD_RESPONSE) {
    // axios's code for both: over maxContentLength (cut off before there is a response), or
    // the connection lost in the middle of the answer (which carries the response it was reading).
    return (err as AxiosError).response
      ? { kind: 'unavailable', error: unavailable(service), cause: 'cut off' }
      : { kind: 'other', error: badResponse(service, 0), cause: 'too large' };
  }
  if (code && NETWORK_ERRORS.has(code)) {
    return { kind: 'unavailable', error: unavailable(service), cause: code };
  }
  const cause = code ?? (err instanceof Error ? err.name : 'unknown');
  return { kind: 'other', error: badResponse(service, 0), cause };
}

export function circuitOpen(service: string, retryAfter: number): ApiException {
  return new ApiException(
    503,
    'CIRCUIT_OPEN',
    'The service is failing; calls are paused for a moment.',
    {
      upstream: { service, status: 0 },
      retryAfter,
    },
  );
}

export function timedOut(service: string): ApiException {
  return new ApiException(504, 'UPSTREAM_TIMEOUT', 'The service did not answer in time.', {
    upstream: { service, status: 0 },
  });
}

export function cancelled(service: string): ApiException {
  return new ApiException(499, 'UPSTREAM_TIMEOUT', 'The request was cancelled.', {
    upstream: { service, status: 0 },
  });
}

function unavailable(service: string): ApiException {
  return new ApiException(502, 'UPSTREAM_UNAVAILABLE', 'The service cannot be reached.', {
    upstream: { service, status: 0 },
  });
}

function badResponse(service: string, status: number): ApiException {
  return new ApiException(
    502,
    'UPSTREAM_BAD_RESPONSE',
    'The service sent an answer the gateway cannot use.',
    { upstream: { service, status } },
  );
}

const NOT_JSON = Symbol('not JSON');

function parseJson(raw: Buffer): unknown {
  if (raw.length === 0) return NOT_JSON;
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    return NOT_JSON;
  }
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
