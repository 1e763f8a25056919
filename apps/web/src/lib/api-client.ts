/**
 * The one typed client of the gateway. Every call is an operation declared in
 * `@onboarding/contracts`: the path comes from the declaration (with `buildPath`), the answer
 * is parsed with the operation's response schema, and the gateway's error envelope becomes a
 * typed `ApiError`. A 401 sends the operator to sign in (unless the caller handles it).
 */
import {
  ApiErrorSchema,
  buildPath,
  type AnyOperation,
  type ApiIssue,
  type ErrorCode,
  type OperationBody,
  type OperationParams,
  type OperationQuery,
  type OperationResponse,
} from '@onboarding/contracts';

/** Codes of failures seen only by the browser (no envelope to read). */
export type ClientErrorCode = 'NETWORK_ERROR' | 'BAD_RESPONSE' | 'HTTP_ERROR';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ErrorCode | ClientErrorCode;
  readonly requestId: string | undefined;
  readonly issues: readonly ApiIssue[];
  /** The message the server gave (envelope `error.message` or a top-level `message`), if any. */
  readonly serverMessage: string | undefined;

  constructor(init: {
    status: number;
    code: ErrorCode | ClientErrorCode;
    message: string;
    serverMessage?: string;
    requestId?: string;
    issues?: readonly ApiIssue[];
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.serverMessage = init.serverMessage;
    this.requestId = init.requestId;
    this.issues = init.issues ?? [];
  }

  /** No answer reached the browser (offline, connection refused, DNS). */
  get isNetworkError(): boolean {
    return this.code === 'NETWORK_ERROR';
  }

  get isUnauthenticated(): boolean {
    return this.status === 401;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

type Field<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : Record<never, never> extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** What a call takes: the operation's body, query and path params, each only when declared. */
export type CallInput<O extends AnyOperation> = Field<'body', OperationBody<O>> &
  Field<'query', OperationQuery<O>> &
  Field<'params', OperationParams<O>>;

export interface CallOptions {
  signal?: AbortSignal;
  /** Send the operator to sign in on a 401 (default). The session guard handles it itself. */
  redirectOnUnauthorized?: boolean;
}

type CallArgs<O extends AnyOperation> =
  Record<never, never> extends CallInput<O>
    ? [input?: CallInput<O>, options?: CallOptions]
    : [input: CallInput<O>, options?: CallOptions];

let onUnauthorized: (() => void) | null = null;

/** Registers what happens when any call answers 401 (the router sends the operator to login). */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

function queryString(query: unknown): string {
  if (query === undefined || query === null) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      params.set(key, String(value));
    }
  }
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function errorFrom(status: number, payload: unknown): ApiError {
  const envelope = ApiErrorSchema.safeParse(payload);
  if (envelope.success) {
    const { code, message, requestId, issues } = envelope.data.error;
    return new ApiError({ status, code, message, serverMessage: message, requestId, issues });
  }
  if (payload !== null && typeof payload === 'object' && 'message' in payload) {
    const message = payload.message;
    if (typeof message === 'string' && message !== '') {
      return new ApiError({ status, code: 'HTTP_ERROR', message, serverMessage: message });
    }
  }
  return new ApiError({
    status,
    code: 'HTTP_ERROR',
    message: `Request failed with status ${status}`,
  });
}

/** Calls one declared operation on the gateway and returns its parsed answer. */
export async function call<O extends AnyOperation>(
  op: O,
  ...[input, options]: CallArgs<O>
): Promise<OperationResponse<O>> {
  const { body, query, params } = (input ?? {}) as {
    body?: unknown;
    query?: unknown;
    params?: Record<string, string | number>;
  };
  const url = buildPath(op.path, params) + queryString(query);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  };
  const init: RequestInit = {
    method: op.method,
    headers,
    credentials: 'same-origin',
    signal: options?.signal ?? null,
  };
  if (op.method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body ?? {});
  }

  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network error' });
  }

  const payload = parseJson(await res.text());
  if (!res.ok) {
    const error = errorFrom(res.status, payload);
    if (res.status === 401 && options?.redirectOnUnauthorized !== false) onUnauthorized?.();
    throw error;
  }
  const parsed = op.response.safeParse(payload);
  if (!parsed.success) {
    throw new ApiError({
      status: res.status,
      code: 'BAD_RESPONSE',
      message: `Unexpected answer from ${op.id}`,
    });
  }
  return parsed.data as OperationResponse<O>;
}
