/**
 * `load`, asked once the main thread is next idle (within `timeoutMs`): for a screen's keyboard
 * code, which its first paint does not need, as React.lazy's loader.
 */
export function whenIdle<T>(load: () => Promise<T>, timeoutMs = 2000): () => Promise<T> {
  return () =>
    new Promise<void>((resolve) => {
      if (typeof requestIdleCallback === 'function')
        requestIdleCallback(() => resolve(), { timeout: timeoutMs });
      else setTimeout(resolve, 0);
    }).then(load);
}
