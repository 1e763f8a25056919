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
  forbidden: () => new ApiException(403, 'FORBIDDEN', 'You are not allowed to do this.'),
  malformed: () => new ApiException(400, 'VALIDATION_FAILED', 'The request is malformed.'),
  tooLarge: () => new ApiException(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.'),
  unsupportedMedia: () =>
    new ApiException(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send JSON encoded as UTF-8.'),
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
  if (type === 'entity.too.large') return Errors.tooLarge();
  if (type === 'entity.parse.failed')
    return new ApiException(400, 'VALIDATION_FAILED', 'The request body is not valid JSON.', {
      issues: [{ path: ['body'], message: 'Invalid JSON' }],
    });
  if (type === 'encoding.unsupported' || type === 'charset.unsupported')
    return Errors.unsupportedMedia();
  if (status === 400) return Errors.malformed();
  return Errors.internal();
}

/**
 * Nest's own refusals (a pipe's 400, a guard that returns false: 403) in the envelope, without
 * Nest's text; undefined for a status the contract has no code for.
 */
export function fromNestRefusal(status: number): ApiException | undefined {
  return NEST_REFUSALS.get(status)?.();
}
const NEST_REFUSALS = new Map<number, () => ApiException>([
  [400, Errors.malformed],
  [401, Errors.unauthenticated],
  [403, Errors.forbidden],
  [413, Errors.tooLarge],
  [415, Errors.unsupportedMedia],
]);
