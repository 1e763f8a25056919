import { lazy, Suspense, useEffect, useState } from 'react';
import type { SetupFlow } from '@/lib/setup-flow';

// The toggle's code (the watch's calls and their schemas) is no part of the page's first load: it
// is asked for once the page is idle, as the app bar's bell is (app/watch/watch-bell-slot.tsx).
const WatchSetupToggle = lazy(() => import('./watch-setup-toggle'));

/**
 * `Watch` on a setup's details (issue 33, docs/requirements.md#failure-watch), offered where the
 * browser can hold the failure watch's stream (not jsdom's: lib/watch/watch-supported.ts) and
 * for a valid setup id.
 */
export function WatchSetupButton({ flow, setupId }: { flow: SetupFlow; setupId: number }) {
  const offered = typeof EventSource === 'function' && Number.isInteger(setupId) && setupId > 0;
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!offered) return undefined;
    const ready = () => setIdle(true);
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(ready, 200);
      return () => clearTimeout(timer);
    }
    const id = requestIdleCallback(ready, { timeout: 2_000 });
    return () => cancelIdleCallback(id);
  }, [offered]);
  if (!offered || !idle) return null;
  return (
    <Suspense fallback={null}>
      <WatchSetupToggle flow={flow} setupId={setupId} />
    </Suspense>
  );
}
