import { lazy, Suspense } from 'react';
import type { SetupFlow } from '@/lib/setup-flow';

// The toggle's code (the watch's calls and their schemas) is no part of the page's first load.
const WatchSetupToggle = lazy(() => import('./watch-setup-toggle'));

/**
 * `Watch` on a setup's details (issue 33, docs/requirements.md#failure-watch), offered where the
 * browser can hold the failure watch's stream (not jsdom's: lib/watch/watch-supported.ts) and
 * for a valid setup id.
 */
export function WatchSetupButton({ flow, setupId }: { flow: SetupFlow; setupId: number }) {
  if (typeof EventSource !== 'function' || !Number.isInteger(setupId) || setupId <= 0) return null;
  return (
    <Suspense fallback={null}>
      <WatchSetupToggle flow={flow} setupId={setupId} />
    </Suspense>
  );
}
