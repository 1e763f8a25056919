import { GET_AUTH_URL, TEXTS } from './texts';

/** What the sign-in call came to: the identity provider's address, or the text to show. */
export type SignInOutcome = { address: string } | { error: string };

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * The text of a refused call, as the app's client reads it (lib/api-client.ts errorFrom, then
 * utils/sign-in-errors.ts): the envelope's message (a rate limit's included), else a top-level
 * `message`, else the generic failure.
 */
function refusalText(payload: unknown): string {
  const envelope = isObject(payload) ? payload.error : undefined;
  if (
    isObject(envelope) &&
    typeof envelope.code === 'string' &&
    typeof envelope.message === 'string' &&
    typeof envelope.requestId === 'string'
  ) {
    return envelope.message || TEXTS.loginFailed;
  }
  const message = isObject(payload) ? payload.message : undefined;
  return typeof message === 'string' && message !== '' ? message : TEXTS.loginFailed;
}

/** The identity provider's address: http(s) only, never a `javascript:` or `data:` one. */
function isUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * POST /api/sso/getAuthUrl with the headers of every call to the gateway (JSON, and
 * X-Requested-With for the same-origin check: lib/early-requests.ts gatewayHeaders).
 */
export async function requestSignIn(
  fetchFn: typeof fetch,
  body: { currentUrl: string; email: string },
): Promise<SignInOutcome> {
  let res: Response;
  try {
    res = await fetchFn(GET_AUTH_URL.path, {
      method: GET_AUTH_URL.method,
      headers: {
        Accept: 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        'Content-Type': 'application/json',
      },
      credentials: 'same-origin',
      body: JSON.stringify(body),
    });
  } catch {
    return { error: TEXTS.loginNetworkError };
  }
  let payload: unknown;
  try {
    payload = parseJson(await res.text());
  } catch {
    return { error: TEXTS.loginNetworkError };
  }
  if (!res.ok) return { error: refusalText(payload) };
  return isUrl(payload) ? { address: payload } : { error: TEXTS.loginFailed };
}
