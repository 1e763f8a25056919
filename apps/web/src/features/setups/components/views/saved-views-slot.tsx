import Box from '@mui/material/Box';
import { preloadWhenIdle } from '@onboarding/ui';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import type { SavedViewsProps } from './saved-views';

// The views row and its calls (the views area's schemas) stay out of the list's first load. Its
// code failing to load leaves the list without it.
const SavedViews = lazy<ComponentType<SavedViewsProps>>(() =>
  import('./saved-views').then(
    (m) => ({ default: m.SavedViews }),
    () => ({ default: () => null }),
  ),
);

/**
 * Where the saved views show, above the filter bar (its height kept for them: the bar does not
 * jump when they come). Their code is asked when the main thread is first idle after the list's
 * own work.
 */
export function SavedViewsSlot(props: SavedViewsProps) {
  const [load, setLoad] = useState(false);
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
