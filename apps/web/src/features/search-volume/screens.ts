/** The search volume screen's route page (lib/screen.ts). */
import type { FeatureScreens } from '@/lib/screen';

export const SEARCH_VOLUME_SCREENS = {
  searchVolume: { module: () => import('./routes/search-volume') },
} satisfies FeatureScreens;
