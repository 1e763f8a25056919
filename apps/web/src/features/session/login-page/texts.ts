/**
 * The sign-in page's words, address and rules, written out here rather than imported: the page
 * (login.html) runs without the app, and a module it shared with the app would become a chunk of
 * its own on every screen's first load. `texts.test.ts` holds each one equal to its source in the
 * contracts and lib/.
 */

/** MESSAGES of @onboarding/contracts (docs/requirements.md#messages, #error-catalogue). */
export const TEXTS = {
  loginEmailRequired: 'Please enter an email ID.',
  loginFailed: 'Authentication failed. Please try again.',
  loginNetworkError: 'Network error. Please check your connection and try again.',
  loginDomainNotAllowed: 'This e-mail domain is not allowed to sign in.',
  /** lib/unauthorized.ts SESSION_ENDED. */
  sessionEnded: 'Your session ended — sign in again',
} as const;

/** API_ROUTES.session.getAuthUrl of @onboarding/contracts/routes. */
export const GET_AUTH_URL = { method: 'POST', path: '/api/sso/getAuthUrl' } as const;

/** lib/routes.ts: the login path, its returnTo parameter, and the list signed-in operators land on. */
export const LOGIN_PATH = '/login';
export const RETURN_TO_PARAM = 'returnTo';
export const DEFAULT_RETURN_PATH = '/rem_omni/see_all';

/**
 * The tab's sessionStorage flag the app sets before it sends the operator here after a session
 * ended (lib/unauthorized.ts SESSION_ENDED_KEY): the page then says so.
 */
export const SESSION_ENDED_KEY = 'onboarding.sessionEnded';

/** loginEmailError of @onboarding/contracts: an e-mail that is blank once trimmed. */
export function loginEmailError(raw: string): string | null {
  return raw.trim() === '' ? TEXTS.loginEmailRequired : null;
}

/** lib/routes.ts safeReturnPath: a same-origin path other than the login page, else null. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return null;
  }
  if (value === LOGIN_PATH || value.startsWith(`${LOGIN_PATH}?`)) return null;
  return value;
}

/** The sign-in callback's `/login?error=…` (utils/sign-in-errors.ts callbackErrorText). */
export function callbackErrorText(value: string | null): string | null {
  if (!value) return null;
  return value === TEXTS.loginFailed || value === TEXTS.loginDomainNotAllowed
    ? value
    : TEXTS.loginFailed;
}
