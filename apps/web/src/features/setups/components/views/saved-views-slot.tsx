import Box from '@mui/material/Box';
import { useIdleAfter } from '@onboarding/ui';
import { lazy, Suspense, type ComponentType } from 'react';
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
  const load = useIdleAfter();
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
