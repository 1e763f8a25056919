import { HttpException } from '@nestjs/common';
import type { ApiError } from '@onboarding/contracts';
import type { Request, Response } from 'express';
import { requestIdOf } from '../request-id/request-id.middleware.js';
import { ApiException, Errors } from './api-exception.js';

/** Writes the error envelope of design.md rule 4 (the exception filter's answer). */
export function sendError(req: Request, res: Response, error: ApiException): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body: ApiError = {
    error: {
      code: error.code,
      message: error.message,
      requestId: requestIdOf(req),
      ...(error.details.issues ? { issues: [...error.details.issues] } : {}),
      ...(error.details.upstream ? { upstream: { ...error.details.upstream } } : {}),
    },
  };
  res.locals.errorCode = error.code;
  if (error.details.retryAfter !== undefined)
    res.setHeader('Retry-After', String(error.details.retryAfter));
  res.status(error.status).json(body);
}

/** Maps what third-party middleware throws (body-parser, express-session…) to an ApiException. */
export function toApiException(err: unknown): ApiException {
  if (err instanceof ApiException) return err;
  const e = err as { status?: number; statusCode?: number; type?: string } | undefined;
  const status = err instanceof HttpException ? err.getStatus() : (e?.status ?? e?.statusCode);
  switch (e?.type) {
    case 'entity.too.large':
      return new ApiException(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.');
    case 'entity.parse.failed':
      return new ApiException(400, 'VALIDATION_FAILED', 'The request body is not valid JSON.', {
        issues: [{ path: ['body'], message: 'Invalid JSON' }],
      });
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new ApiException(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send JSON encoded as UTF-8.');
    default:
      break;
  }
  if (status === 400) {
    return new ApiException(400, 'VALIDATION_FAILED', 'The request is malformed.');
  }
  return Errors.internal();
}
