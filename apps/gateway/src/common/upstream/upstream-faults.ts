import { AxiosError, type AxiosResponse } from 'axios';
import { ApiException } from '../errors/api-exception.js';

export interface UpstreamAnswer {
  readonly status: number;
  readonly json: unknown;
}

/**
 * Only unavailable, timeout and server count against the upstream's circuit; `other` (a 4xx, an
 * unusable body, the browser gone) says nothing about it. `cause` is for the log line.
 */
export interface Fault {
  readonly kind: 'unavailable' | 'timeout' | 'server' | 'other';
  readonly error: ApiException;
  readonly cause?: string;
}

/** Answers of the fault table (docs/security.md#upstream-faults): status, code, a safe text. */
const ERRORS = {
  unavailable: [502, 'UPSTREAM_UNAVAILABLE', 'The service cannot be reached.'],
  down: [503, 'UPSTREAM_UNAVAILABLE', 'The service is unavailable right now. Try again shortly.'],
  failed: [502, 'UPSTREAM_ERROR', 'The service failed to answer.'],
  auth: [502, 'UPSTREAM_AUTH', "The service refused the gateway's credentials."],
  unusable: [502, 'UPSTREAM_BAD_RESPONSE', 'The service sent an answer the gateway cannot use.'],
  timedOut: [504, 'UPSTREAM_TIMEOUT', 'The service did not answer in time.'],
  cancelled: [499, 'UPSTREAM_TIMEOUT', 'The request was cancelled.'],
  circuitOpen: [503, 'CIRCUIT_OPEN', 'The service is failing; calls are paused for a moment.'],
} as const;

export function upstreamError(
  which: keyof typeof ERRORS,
  service: string,
  status = 0,
  retryAfter?: number,
): ApiException {
  const [outStatus, code, message] = ERRORS[which];
  return new ApiException(outStatus, code, message, { upstream: { service, status }, retryAfter });
}

const NETWORK_ERRORS = new Set(
  'ECONNREFUSED ECONNRESET EHOSTUNREACH ENETUNREACH ENOTFOUND EAI_AGAIN ETIMEDOUT EPIPE ECONNABORTED ERR_SOCKET_CONNECTION_TIMEOUT'.split(
    ' ',
  ),
);
const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i;
// Control characters (C0, DEL, C1), line/paragraph separators and bidi overrides.
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** Fault table (docs/security.md#upstream-faults) of an answer that came; no redirect followed. */
export function interpret(
  service: string,
  response: AxiosResponse<Buffer>,
): UpstreamAnswer | Fault {
  const { status, headers } = response;
  if (status === 503) {
    const retryAfter = retryAfterSeconds(headers['retry-after']);
    return { kind: 'server', error: upstreamError('down', service, status, retryAfter) };
  }
  if (status >= 500) return { kind: 'server', error: upstreamError('failed', service, status) };
  // The gateway's own credentials failing, not the operator's session: a 401 passed on would
  // sign the operator out.
  if (status === 401 || status === 403 || status === 407)
    return { kind: 'other', error: upstreamError('auth', service, status) };
  const json =
    (status >= 200 && status < 300) || status >= 400
      ? JSON_TYPE.test(String(headers['content-type'] ?? '')) && parseJson(response.data)
      : undefined;
  const upstream = { service, status };
  if (status === 429) {
    // Passed on with the upstream's Retry-After, whatever its body, so the browser waits.
    const message = (json && messageOf(json.value)) || 'The service is busy. Try again shortly.';
    const retryAfter = retryAfterSeconds(headers['retry-after']);
    return {
      kind: 'other',
      error: new ApiException(429, 'UPSTREAM_ERROR', message, { upstream, retryAfter }),
    };
  }
  if (!json) return { kind: 'other', error: upstreamError('unusable', service, status) };
  if (status < 400) return { status, json: json.value };
  const message = messageOf(json.value) ?? 'The service refused the request.';
  return {
    kind: 'other',
    error: new ApiException(status, 'UPSTREAM_ERROR', message, { upstream }),
  };
}

/**
 * The fault table for a request that got no usable answer; `endedBy` when the gateway aborted
 * it (the deadline passed, or the browser went away).
 */
export function requestFailure(
  service: string,
  err: unknown,
  endedBy: 'deadline' | 'client' | undefined,
): Fault {
  if (endedBy === 'client')
    return { kind: 'other', error: upstreamError('cancelled', service), cause: 'client gone' };
  if (endedBy === 'deadline')
    return { kind: 'timeout', error: upstreamError('timedOut', service), cause: 'deadline' };
  const code = (err as { code?: string } | undefined)?.code;
  // axios's code for both: over maxContentLength (cut off before there is a response), or the
  // connection lost in the middle of the answer (which carries the response it was reading).
  if (code === AxiosError.ERR_BAD_RESPONSE && (err as AxiosError).response)
    return { kind: 'unavailable', error: upstreamError('unavailable', service), cause: 'cut off' };
  if (code === AxiosError.ERR_BAD_RESPONSE)
    return { kind: 'other', error: upstreamError('unusable', service), cause: 'too large' };
  if (code && NETWORK_ERRORS.has(code))
    return { kind: 'unavailable', error: upstreamError('unavailable', service), cause: code };
  const cause = code ?? (err instanceof Error ? err.name : 'unknown');
  return { kind: 'other', error: upstreamError('unusable', service), cause };
}

function parseJson(raw: Buffer): { value: unknown } | undefined {
  try {
    return raw.length ? { value: JSON.parse(raw.toString('utf8')) as unknown } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * An upstream's error message made safe to show: markup and control characters removed,
 * whitespace collapsed, length capped. The UI shows it as text.
 */
function messageOf(json: unknown, max = 300): string | undefined {
  const m = json && typeof json === 'object' && (json as { message?: unknown }).message;
  if (typeof m !== 'string') return undefined;
  const cleaned = m
    .replace(/<[^>]*>/g, ' ')
    .replace(UNSAFE_CHARACTERS, ' ')
    .replace(/\s+/g, ' ');
  const text = cleaned.trim();
  return text.length > max ? text.slice(0, max - 1) + '…' : text || undefined;
}

function retryAfterSeconds(value: unknown): number {
  if (typeof value !== 'string') return 5;
  if (/^\d{1,6}$/.test(value.trim())) return Math.min(Number(value.trim()), 3600);
  const at = Date.parse(value);
  return Number.isNaN(at) ? 5 : Math.min(Math.max(Math.ceil((at - Date.now()) / 1000), 1), 3600);
}
