/**
 * The typed error of every gateway call. Free of Zod, so screens can tell errors apart
 * without loading the client.
 */
import type { ApiIssue, ErrorCode } from '@onboarding/contracts';

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

/**
 * What the operator reads of a failed call (docs/requirements.md#error-catalogue): the server's
 * message, else the error's own, else `Something went wrong`.
 */
export function failureMessage(error: unknown): string {
  if (isApiError(error) && error.serverMessage?.trim()) return error.serverMessage;
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return 'Something went wrong';
}
