/**
 * Whether this browser can hold the failure watch's stream: every browser the console supports
 * can; jsdom (the unit tests') cannot, so no screen test meets the watch unless it brings an
 * EventSource of its own (testing/fake-event-source.ts). Apart, so a screen can ask without the
 * stream's code.
 */
export function watchSupported(): boolean {
  return typeof EventSource === 'function';
}
