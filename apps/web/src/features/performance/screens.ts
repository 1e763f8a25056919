/** The performance screen's route page (lib/screen.ts). */
import type { FeatureScreens } from '@/lib/screen';

export const PERFORMANCE_SCREENS = {
  performance: { module: () => import('./routes/performance') },
} satisfies FeatureScreens;
