/**
 * The one typed client of the gateway. Every call is an operation declared in
 * `@onboarding/contracts`: the path comes from the declaration (with `buildPath`), the answer
 * is parsed with the operation's response schema, and the gateway's error envelope becomes a
 * typed `ApiError`. A 401 sends the operator to sign in (unless the caller handles it); on the
 * way there nothing else is sent (lib/unauthorized.ts).
 */
import {
  ApiErrorSchema,
  buildPath,
  type AnyOperation,
  type OperationBody,
  type OperationParams,
  type OperationQuery,
  type OperationResponse,
} from '@onboarding/contracts';
import { ApiError } from './api-error';
import { bodyText, gatewayHeaders, takeEarly } from './early-requests';
import { notifyUnauthorized, SESSION_ENDED, sessionAnswered, sessionEnding } from './unauthorized';

export { ApiError, isApiError } from './api-error';
export { setUnauthorizedHandler } from './unauthorized';

type Field<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : Record<never, never> extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** What a call takes: the operation's body, query and path params, each only when declared. */
type CallInput<O extends AnyOperation> = Field<'body', OperationBody<O>> &
  Field<'query', OperationQuery<O>> &
  Field<'params', OperationParams<O>>;

interface CallOptions {
  signal?: AbortSignal;
  /** Send the operator to sign in on a 401 (default). The session guard handles it itself. */
  redirectOnUnauthorized?: boolean;
}

type CallArgs<O extends AnyOperation> =
  Record<never, never> extends CallInput<O>
    ? [input?: CallInput<O>, options?: CallOptions]
    : [input: CallInput<O>, options?: CallOptions];

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
  const redirects = options?.redirectOnUnauthorized !== false;
  // The session is known to be over: a request that needs one would only meet the same 401 (and
  // a screen refetching on each one would loop). The session's own calls (its check, sign-in)
  // still go.
  if (sessionEnding() && !op.id.startsWith('session.')) {
    throw new ApiError({ status: 401, code: 'UNAUTHENTICATED', message: SESSION_ENDED });
  }
  const url = buildPath(op.path, params) + queryString(query);
  const text = bodyText(op.method, body);
  const init: RequestInit = {
    method: op.method,
    headers: gatewayHeaders(op.method),
    credentials: 'same-origin',
    signal: options?.signal ?? null,
  };
  if (text !== undefined) init.body = text;

  let res: Response;
  try {
    // A route loader may have sent this very request already (see early-requests.ts).
    res = await (takeEarly(op.method, url, text) ?? fetch(url, init));
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network error' });
  }

  const payload = parseJson(await res.text());
  if (!res.ok) {
    const error = errorFrom(res.status, payload);
    if (res.status === 401 && redirects) notifyUnauthorized();
    throw error;
  }
  sessionAnswered();
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
