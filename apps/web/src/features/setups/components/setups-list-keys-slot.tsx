import { useIdleAfter } from '@onboarding/ui';
import { lazy, Suspense } from 'react';
import type { SetupsListKeysProps } from './setups-list-keys';

// The list's keys (docs/requirements.md#keyboard-shortcuts) stay out of its first load; if their
// code cannot load, the list works without them.
const SetupsListKeys = lazy(() =>
  import('./setups-list-keys').then(
    (m) => ({ default: m.SetupsListKeys }),
    () => ({ default: () => null }),
  ),
);

/** j/k/x/r/f on the setups list, asked when the main thread is first idle after the list's work. */
export function SetupsListKeysSlot(props: SetupsListKeysProps) {
  return useIdleAfter() ? (
    <Suspense fallback={null}>
      <SetupsListKeys {...props} />
    </Suspense>
  ) : null;
}
