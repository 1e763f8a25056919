import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiException, Errors } from './api-exception.js';
import { sendError, toApiException } from './send-error.js';

/** The one exhaustive filter: whatever is thrown leaves the gateway in the envelope. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    let error: ApiException;
    if (exception instanceof ApiException) error = exception;
    else if (exception instanceof HttpException && exception.getStatus() === 404)
      error = Errors.notFound();
    else if (exception instanceof HttpException && exception.getStatus() < 500)
      error = toApiException(exception);
    else {
      req.log?.error({ err: exception }, 'unhandled error');
      error = Errors.internal();
    }
    sendError(req, res, error);
  }
}
