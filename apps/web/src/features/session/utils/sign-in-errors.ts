import { MESSAGES } from '@onboarding/contracts';
import { isApiError } from '@/lib/api-error';

/** The sign-in code (a chunk fetched on demand) did not arrive: a network failure too. */
export class SignInCodeUnavailable extends Error {
  override readonly name = 'SignInCodeUnavailable';
}

/** docs/requirements.md#login-errors: the server's message, the generic or the network failure. */
export function signInErrorText(error: unknown): string {
  if (error instanceof SignInCodeUnavailable) return MESSAGES.loginNetworkError;
  if (isApiError(error)) {
    if (error.isNetworkError) return MESSAGES.loginNetworkError;
    if (error.serverMessage?.trim()) return error.serverMessage;
  }
  return MESSAGES.loginFailed;
}

/** The texts the gateway's sign-in callback sends back on `/login?error=…`. */
const CALLBACK_ERRORS: readonly string[] = [MESSAGES.loginFailed, MESSAGES.loginDomainNotAllowed];

/**
 * The `error` of `/login?error=…`. Only the gateway's own texts are shown as they are; anything
 * else (a crafted link) reads as the generic failure, so the page never displays a stranger's text.
 */
export function callbackErrorText(value: string | null): string | null {
  if (!value) return null;
  return CALLBACK_ERRORS.includes(value) ? value : MESSAGES.loginFailed;
}
