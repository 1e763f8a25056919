import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { ShortcutsHelpListener } from './shortcuts-help-listener';

// Asked for by this chunk rather than by the shell: the shell's first-load code then names one
// file, not the bell's every dependency. Should it fail to load, the app bar goes without it.
const WatchBell = lazy<ComponentType>(() =>
  import('./watch/watch-bell').catch(() => ({ default: () => null })),
);

/** What idle-extras-slot.tsx loads: the bell (where the browser can stream) and the `?` key. */
export default function IdleExtras({ bellRoom }: { bellRoom: ReactNode }) {
  return (
    <>
      {bellRoom === null ? null : (
        <Suspense fallback={bellRoom}>
          <WatchBell />
        </Suspense>
      )}
      <ShortcutsHelpListener />
    </>
  );
}
