/**
 * What happens when a call answers 401: one calm path to sign-in. Kept apart from the api client
 * so the router can wire it without loading the client (and Zod) before the first screen needs
 * them.
 */
import { isApiError } from './api-error';

/** What the login page says after a call found the session over. */
export const SESSION_ENDED = 'Your session ended — sign in again';

type Handler = () => unknown;

let handler: Handler | null = null;
let ending = false;
const keepers = new Set<() => void>();

/** Registers what happens when any call answers 401 (the router sends the operator to login). */
export function setUnauthorizedHandler(next: Handler | null): void {
  handler = next;
  ending = false;
}

/**
 * Once per session end: every open form keeps its draft (lib/drafts.ts), then the handler leads
 * to sign-in. Further 401s on the way are the same end, so they start nothing more.
 */
export function notifyUnauthorized(): void {
  if (ending) return;
  ending = true;
  for (const keep of keepers) keep();
  void handler?.();
}

/**
 * True from a 401 until a session answers again (the next session check signed in): the api
 * client sends nothing that needs a session (a screen refetching on each 401 looped), and no
 * leave guard asks.
 */
export function sessionEnding(): boolean {
  return ending;
}

/** A call the gateway answered as signed in: the session is back. */
export function sessionAnswered(): void {
  ending = false;
}

/** Whether a failed call failed because the session is over (that path tells the operator). */
export function isSessionEnd(error: unknown): boolean {
  return isApiError(error) && error.isUnauthenticated;
}

/** Runs `keep` when the session ends; returns the unsubscribe. */
export function onSessionEnd(keep: () => void): () => void {
  keepers.add(keep);
  return () => keepers.delete(keep);
}

/** The login page's location state after a session end: it then says SESSION_ENDED. */
export const SESSION_ENDED_STATE = { sessionEnded: true } as const;

export function isSessionEndedState(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { sessionEnded?: unknown }).sessionEnded === true
  );
}
