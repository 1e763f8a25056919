import { useIdleAfter } from '@onboarding/ui';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

// The shell's extras (the failure watch's bell, the `?` key) are no part of any screen's first
// load: one small chunk asked for once the page is idle. Should it fail, the shell goes without.
const IdleExtras = lazy<ComponentType<{ bellRoom: ReactNode }>>(() =>
  import('./idle-extras').catch(() => ({ default: () => null })),
);

/** The bell's room in the app bar while it loads, so Search and Sign out do not move. */
const ROOM = <span style={{ width: 40, flexShrink: 0 }} />;

/**
 * The app bar's place for the failure watch's bell (docs/requirements.md#failure-watch) and the
 * `?` key's listener (docs/requirements.md#keyboard-shortcuts). A browser without EventSource
 * (the unit tests' jsdom) has no watch, so no bell and no room for one.
 */
export function IdleExtrasSlot() {
  const bellRoom = typeof EventSource === 'function' ? ROOM : null;
  return useIdleAfter() ? (
    <Suspense fallback={bellRoom}>
      <IdleExtras bellRoom={bellRoom} />
    </Suspense>
  ) : (
    bellRoom
  );
}
