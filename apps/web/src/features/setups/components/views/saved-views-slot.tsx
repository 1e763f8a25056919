import Box from '@mui/material/Box';
import { preloadWhenIdle } from '@onboarding/ui';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { SavedViewsProps } from './saved-views';

/** Its chunk failed to load: the list goes on without its views, and waits for them no more. */
function ViewsUnavailable({ onDefault }: SavedViewsProps) {
  useEffect(() => onDefault?.(null), [onDefault]);
  return (
    <Box component="p" sx={{ m: 0, fontSize: '0.875rem', color: 'text.secondary' }}>
      Saved views could not be loaded. Reload the page to try again.
    </Box>
  );
}

// The views row and its calls (the views area's schemas) stay out of the list's first load.
const SavedViews = lazy(() =>
  import('./saved-views').then(
    (m) => ({ default: m.SavedViews }),
    () => ({ default: ViewsUnavailable }),
  ),
);

/**
 * Where the saved views show, above the filter bar. Their code is asked when the main thread is
 * first idle after the list's own work, or at once while a pinned default is awaited (`now`).
 */
export function SavedViewsSlot({ now, ...props }: SavedViewsProps & { now: boolean }) {
  const [load, setLoad] = useState(now);
  // The list's idle preloader (as the row menu's drawer uses); a state set after an unmount is
  // dropped, so nothing needs cancelling.
  useEffect(() => {
    if (!load) preloadWhenIdle(() => Promise.resolve(setLoad(true)), 1_000)();
  }, [load]);
  return (
    <Box sx={{ minHeight: 36, mb: 1 }}>
      {load ? (
        <Suspense fallback={null}>
          <SavedViews {...props} />
        </Suspense>
      ) : null}
    </Box>
  );
}
