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
export class ApiException extends Error {
  override readonly name = 'ApiException';
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details: ApiExceptionDetails = {},
  ) {
    super(message);
  }
}

export const Errors = {
  unauthenticated: () => new ApiException(401, 'UNAUTHENTICATED', 'Sign in to continue.'),
  notFound: () => new ApiException(404, 'NOT_FOUND', 'There is no such endpoint.'),
  storeUnavailable: () =>
    new ApiException(
      503,
      'SESSION_STORE_UNAVAILABLE',
      'Sessions are unavailable right now. Try again shortly.',
      {
        retryAfter: 5,
      },
    ),
  internal: () => new ApiException(500, 'INTERNAL', 'Something went wrong in the gateway.'),
};
