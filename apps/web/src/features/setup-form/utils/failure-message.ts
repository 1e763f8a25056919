import { isApiError } from '@/lib/api-error';

/** The server's message of a failed call, as the operator should read it. */
export function failureMessage(error: unknown): string {
  if (isApiError(error)) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : String(error);
}
