import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';

// The bell's code (the stream, its store, the popover) is no part of any screen's first load: it
// is asked for once the page is idle (watch-bell-entry.tsx, then the bell itself).
const WatchBellEntry = lazy<ComponentType<{ room: ReactNode }>>(() =>
  import('./watch-bell-entry').catch(() => ({ default: () => null })),
);

/** Its room in the app bar while it loads, so Search and Sign out do not move when it arrives. */
const ROOM = <span style={{ width: 40, flexShrink: 0 }} />;

/**
 * The app bar's place for the failure watch's bell (issue 33, docs/requirements.md#failure-watch),
 * loaded when the page is next idle. A browser without EventSource (the unit tests' jsdom) has
 * no watch (lib/watch/watch-supported.ts, asked here without that module), and nothing is asked.
 */
export function WatchBellSlot() {
  const canStream = typeof EventSource === 'function';
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!canStream) return undefined;
    const ready = () => setIdle(true);
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(ready, 200);
      return () => clearTimeout(timer);
    }
    const id = requestIdleCallback(ready, { timeout: 2_000 });
    return () => cancelIdleCallback(id);
  }, [canStream]);
  if (!canStream) return null;
  return idle ? (
    <Suspense fallback={ROOM}>
      <WatchBellEntry room={ROOM} />
    </Suspense>
  ) : (
    ROOM
  );
}
