import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

// Asked for by this small chunk rather than by the shell: the shell's first-load code then names
// one file, not the bell's every dependency. Should it fail to load, the app bar goes without it.
const WatchBell = lazy<ComponentType>(() =>
  import('./watch-bell').catch(() => ({ default: () => null })),
);

/** The failure watch's bell, once its code has arrived (watch-bell-slot.tsx). */
export default function WatchBellEntry({ room }: { room: ReactNode }) {
  return (
    <Suspense fallback={room}>
      <WatchBell />
    </Suspense>
  );
}
