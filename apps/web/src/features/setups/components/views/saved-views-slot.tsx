import Box from '@mui/material/Box';
import { idleLoaded } from '@onboarding/ui';
import type { SavedViewsProps } from './saved-views';

// The views row and its calls (the views area's schemas) stay out of the list's first load. Its
// code failing to load leaves the list without it.
const SavedViews = idleLoaded(() => import('./saved-views').then((m) => m.SavedViews));

/**
 * Where the saved views show, above the filter bar (its height kept for them: the bar does not
 * jump when they come).
 */
export function SavedViewsSlot(props: SavedViewsProps) {
  return (
    <Box sx={{ minHeight: 36, mb: 1 }}>
      <SavedViews {...props} />
    </Box>
  );
}
