import type { SessionData } from 'express-session';
import type { PendingSignIn } from './session/session.js';

const TTL_MS = 10 * 60_000;
/** Sign-ins pending at once in one session (several tabs). */
const MAX_PENDING = 3;

/** What openid-client's Strategy keeps of one authorization request in its session slot. */
export interface AuthorizationRequestState {
  code_verifier: string;
  nonce?: string;
  state?: string;
}

export type Taken =
  | { readonly pending: PendingSignIn }
  | { readonly pending?: undefined; readonly refused: 'unknown transaction' | 'expired' };

/**
 * Files the authorization request the Strategy just made under its `state`, with the return
 * target: the Strategy keeps one request per session, the console a few, each for 10 minutes.
 */
export function keepTransaction(
  session: Partial<SessionData>,
  request: AuthorizationRequestState,
  returnTo: string,
  now = Date.now(),
): void {
  if (!request.state || !request.nonce) throw new Error('an authorization request without state');
  const kept = Object.entries(session.signIn ?? {})
    .filter(([, p]) => p.expiresAt > now)
    .slice(-(MAX_PENDING - 1));
  session.signIn = Object.fromEntries(kept);
  session.signIn[request.state] = {
    codeVerifier: request.code_verifier,
    nonce: request.nonce,
    returnTo,
    expiresAt: now + TTL_MS,
  };
}

/** Whether the browser's session holds a sign-in transaction of this `state` (own properties only). */
export function hasTransaction(session: Partial<SessionData> | undefined, state: unknown): boolean {
  const all = session?.signIn;
  return typeof state === 'string' && !!all && Object.hasOwn(all, state);
}

/**
 * Takes the transaction of a callback's `state`, used once whatever comes next. Own properties
 * only: a state named `constructor` or `__proto__` is unknown, not a built-in of Object.
 */
export function takeTransaction(
  session: Partial<SessionData>,
  state: string | undefined,
  now = Date.now(),
): Taken {
  if (state === undefined || !hasTransaction(session, state))
    return { refused: 'unknown transaction' };
  const all = session.signIn!;
  const pending = all[state]!;
  delete all[state];
  return pending.expiresAt > now ? { pending } : { refused: 'expired' };
}
