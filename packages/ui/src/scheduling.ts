import {
  createElement,
  lazy,
  startTransition,
  Suspense,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';

/**
 * Asks for a module once: each call of a bundler's dynamic import resolves its dependencies
 * again (a few ms on a slow phone at every pointer over or focus). A failure is forgotten, so
 * the next call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

/**
 * A preloader for `load`: its first call asks for it when the main thread is next idle (within
 * `timeoutMs`), not in the event that called it (asking for a chunk adds its dependencies'
 * preload links to the page, tens of ms on a slow phone). Later calls do nothing, unless the load
 * failed: then the next call asks again.
 */
export function preloadWhenIdle(load: () => Promise<unknown>, timeoutMs: number): () => void {
  let asked = false;
  return () => {
    if (asked) return;
    asked = true;
    const run = () =>
      void load().catch(() => {
        asked = false;
      });
    if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: timeoutMs });
    else setTimeout(run, 0);
  };
}

/**
 * Starts `update` as a transition once the current frame has painted: the event that asked for
 * it (a press, a choice) paints at once, and a heavy mount (a menu, a drawer: positioning, focus,
 * a layout of the page) follows. A transition begun in the event itself can still commit before
 * that frame's paint. Returns the frame's id, for `cancelAnimationFrame`.
 */
export function transitionAfterPaint(update: () => void): number {
  return requestAnimationFrame(() => startTransition(update));
}

/**
 * True once the page has painted with `ready` true (set by a transition from the next animation
 * frame): what a screen shows below its first view (later charts, say) renders on its own after
 * that paint, instead of holding it back.
 */
export function useAfterPaint(ready = true): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (!ready || after) return undefined;
    const frame = transitionAfterPaint(() => setAfter(true));
    return () => cancelAnimationFrame(frame);
  }, [ready, after]);
  return after;
}

/**
 * True once the main thread has been idle (within 2 s) since `ready` turned true, and
 * from then on: for code a screen's first paint does not need (a lazy bell, a key listener).
 * Without requestIdleCallback (Safari) it waits 200 ms instead, past a first paint.
 */
export function useIdleAfter(ready = true): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!ready || idle) return undefined;
    const run = () => setIdle(true);
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(run, 200);
      return () => clearTimeout(timer);
    }
    const id = requestIdleCallback(run, { timeout: 2_000 });
    return () => cancelIdleCallback(id);
  }, [ready, idle]);
  return idle;
}

/**
 * A component whose code stays out of its screen's first load: asked for once the main thread is
 * first idle after the screen's own work (`useIdleAfter`). Until it is in, and for good should
 * its code fail to load, `fallback` shows in its place: the screen works without it.
 */
export function idleLoaded<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): ComponentType<P> {
  const Loaded = lazy<ComponentType<P>>(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: () => fallback }),
    ),
  );
  return function IdleLoaded(props: P) {
    return useIdleAfter()
      ? createElement(Suspense, { fallback }, createElement(Loaded, props))
      : fallback;
  };
}
