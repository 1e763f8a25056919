import Box from '@mui/material/Box';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { watchSupported } from '@/lib/watch/watch-supported';

// The bell's code (the stream, its store, the popover) is no part of any screen's first load: it
// is asked for once the page is idle. Should it fail to load, the app bar goes without it.
const WatchBell = lazy<ComponentType>(() =>
  import('./watch-bell').catch(() => ({ default: () => null })),
);

/**
 * The app bar's place for the failure watch's bell (issue 33, docs/requirements.md#failure-watch),
 * loaded when the page is next idle. A browser without EventSource (the unit tests' jsdom) has
 * no watch, and nothing is asked for it.
 */
export function WatchBellSlot() {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!watchSupported()) return undefined;
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => setIdle(true), { timeout: 2_000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(() => setIdle(true), 200);
    return () => clearTimeout(timer);
  }, []);
  if (!watchSupported()) return null;
  // Its room is kept while it loads, so Search and Sign out do not move when it arrives.
  const room = <Box sx={{ width: 40, height: 40, flexShrink: 0 }} />;
  return idle ? (
    <Suspense fallback={room}>
      <WatchBell />
    </Suspense>
  ) : (
    room
  );
}
