import { z } from './zod.js';

/** Every error code the gateway answers with (docs/security.md#error-envelope). */
export const ErrorCodeSchema = z.enum([
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CSRF_REJECTED',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'NOT_FOUND',
  'RATE_LIMITED',
  'SIGN_IN_FAILED',
  'EMAIL_DOMAIN_NOT_ALLOWED',
  'UPSTREAM_ERROR',
  'UPSTREAM_AUTH',
  'UPSTREAM_UNAVAILABLE',
  'UPSTREAM_TIMEOUT',
  'UPSTREAM_BAD_RESPONSE',
  'UPSTREAM_CONTRACT_MISMATCH',
  'CIRCUIT_OPEN',
  'SESSION_STORE_UNAVAILABLE',
  'SHUTTING_DOWN',
  'INTERNAL',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const ApiIssueSchema = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
});
export type ApiIssue = z.infer<typeof ApiIssueSchema>;

/** The one error shape of the gateway: `{ error: { code, message, requestId, issues?, upstream? } }`. */
export const ApiErrorSchema = z.object({
  error: z.object({
    code: ErrorCodeSchema,
    message: z.string(),
    requestId: z.string(),
    issues: z.optional(z.array(ApiIssueSchema)),
    upstream: z.optional(
      z.object({
        service: z.string(),
        status: z.number().check(z.int()),
      }),
    ),
  }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** Turns Zod issues into the envelope's issue list, prefixed by where the value came from. */
export function toApiIssues(
  where: 'body' | 'query' | 'params' | 'response',
  issues: readonly z.core.$ZodIssue[],
): ApiIssue[] {
  return issues.map((issue) => ({
    path: [where, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
    message: issue.message,
  }));
}
