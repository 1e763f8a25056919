/**
 * What happens when a call answers 401. Kept apart from the api client so the router can wire
 * it without loading the client (and Zod) before the first screen needs them.
 */
let handler: (() => void) | null = null;

/** Registers what happens when any call answers 401 (the router sends the operator to login). */
export function setUnauthorizedHandler(next: (() => void) | null): void {
  handler = next;
}

export function notifyUnauthorized(): void {
  handler?.();
}
