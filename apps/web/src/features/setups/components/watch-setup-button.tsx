import { useIdleAfter } from '@onboarding/ui';
import { lazy, Suspense } from 'react';
import type { SetupFlow } from '@/lib/setup-flow';

// The toggle's code (the watch's calls and their schemas) is no part of the page's first load: it
// is asked for once the page is idle, as the app bar's bell is (app/idle-extras-slot.tsx).
const WatchSetupToggle = lazy(() => import('./watch-setup-toggle'));

/**
 * `Watch` on a setup's details (issue 33, docs/requirements.md#failure-watch), offered where the
 * browser can hold the failure watch's stream (not jsdom's: lib/watch/watch-supported.ts) and
 * for a valid setup id.
 */
export function WatchSetupButton({ flow, setupId }: { flow: SetupFlow; setupId: number }) {
  const offered = typeof EventSource === 'function' && Number.isInteger(setupId) && setupId > 0;
  const idle = useIdleAfter(offered);
  if (!offered || !idle) return null;
  return (
    <Suspense fallback={null}>
      <WatchSetupToggle flow={flow} setupId={setupId} />
    </Suspense>
  );
}
