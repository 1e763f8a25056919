import { HttpException } from '@nestjs/common';
import type { ApiIssue, ErrorCode } from '@onboarding/contracts';

export interface ApiExceptionDetails {
  readonly issues?: readonly ApiIssue[];
  readonly upstream?: { readonly service: string; readonly status: number };
  /** Seconds, sent as `Retry-After`. */
  readonly retryAfter?: number;
}

/**
 * The gateway's one error type: an HTTP status, a code of the contracts' ErrorCodeSchema and a
 * message that is safe to show an operator. Everything else that is thrown becomes INTERNAL.
 */
export class ApiException extends HttpException {
  constructor(
    status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details: ApiExceptionDetails = {},
  ) {
    super(message, status);
  }
}

export const Errors = {
  unauthenticated: () => new ApiException(401, 'UNAUTHENTICATED', 'Sign in to continue.'),
  notFound: () => new ApiException(404, 'NOT_FOUND', 'There is no such endpoint.'),
  storeUnavailable: () =>
    new ApiException(503, 'SESSION_STORE_UNAVAILABLE', STORE_DOWN, { retryAfter: 5 }),
  internal: () => new ApiException(500, 'INTERNAL', 'Something went wrong in the gateway.'),
  contract: (issues: readonly ApiIssue[]) =>
    new ApiException(400, 'VALIDATION_FAILED', 'The request does not match the contract.', {
      issues,
    }),
};
const STORE_DOWN = 'Sessions are unavailable right now. Try again shortly.';

/** Maps what body-parser throws to an ApiException: 413, 415 or 400 naming the body. */
export function toApiException(err: unknown): ApiException {
  const { type, status } = (err ?? {}) as { type?: string; status?: number };
  if (type === 'entity.too.large')
    return new ApiException(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.');
  if (type === 'entity.parse.failed')
    return new ApiException(400, 'VALIDATION_FAILED', 'The request body is not valid JSON.', {
      issues: [{ path: ['body'], message: 'Invalid JSON' }],
    });
  if (type === 'encoding.unsupported' || type === 'charset.unsupported')
    return new ApiException(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send JSON encoded as UTF-8.');
  if (status === 400)
    return new ApiException(400, 'VALIDATION_FAILED', 'The request is malformed.');
  return Errors.internal();
}
