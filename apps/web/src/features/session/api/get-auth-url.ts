import { ErrorCodeSchema, MESSAGES, sessionOps, type SignInRequest } from '@onboarding/contracts';
import { useMutation } from '@tanstack/react-query';
import { call, isApiError } from '@/lib/api-client';

/** POST /api/sso/getAuthUrl: the identity provider's address for this operator. */
export function getAuthUrl(body: SignInRequest): Promise<string> {
  return call(sessionOps.getAuthUrl, { body });
}

export function useGetAuthUrl() {
  return useMutation({ mutationFn: getAuthUrl });
}

/** Spec §8: the server's message, the generic failure, or the network failure. */
export function signInErrorText(error: unknown): string {
  if (isApiError(error)) {
    if (error.isNetworkError) return MESSAGES.loginNetworkError;
    if (error.serverMessage) return error.serverMessage;
  }
  return MESSAGES.loginFailed;
}

/**
 * The `error` the gateway's sign-in callback puts on `/login?error=…`: its message as sent,
 * or the generic failure when it is only an error code.
 */
export function callbackErrorText(value: string | null): string | null {
  if (!value) return null;
  return ErrorCodeSchema.safeParse(value).success ? MESSAGES.loginFailed : value;
}
