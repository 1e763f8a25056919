/** The legacy customer setups' route pages (lib/screen.ts). */
import type { FeatureScreens } from '@/lib/screen';

export const LEGACY_SETUPS_SCREENS = {
  ongoing: { module: () => import('./routes/ongoing') },
  completed: { module: () => import('./routes/completed') },
  addNew: { module: () => import('./routes/setup-form') },
  edit: { module: () => import('./routes/setup-form') },
} satisfies FeatureScreens;
