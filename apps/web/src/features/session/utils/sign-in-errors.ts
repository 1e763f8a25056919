import { MESSAGES } from '@onboarding/contracts';
import { isApiError } from '@/lib/api-error';

/** Spec §8: the server's message, the generic failure, or the network failure. */
export function signInErrorText(error: unknown): string {
  if (isApiError(error)) {
    if (error.isNetworkError) return MESSAGES.loginNetworkError;
    if (error.serverMessage) return error.serverMessage;
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
