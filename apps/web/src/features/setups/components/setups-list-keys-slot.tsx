import { lazy, Suspense } from 'react';
import { whenIdle } from '@/lib/keyboard/when-idle';
import type { SetupsListKeysProps } from './setups-list-keys';

// The list's keys (docs/requirements.md#keyboard-shortcuts) stay out of its first load: asked
// when the browser is idle; if their code cannot load, the list works without them.
const SetupsListKeys = lazy(
  whenIdle(() =>
    import('./setups-list-keys').then(
      (m) => ({ default: m.SetupsListKeys }),
      () => ({ default: () => null }),
    ),
  ),
);

/** j/k/x/r/f on the setups list, once their code has loaded. */
export function SetupsListKeysSlot(props: SetupsListKeysProps) {
  return (
    <Suspense fallback={null}>
      <SetupsListKeys {...props} />
    </Suspense>
  );
}
