/** The pipeline health screens' route pages (lib/screen.ts): charts ride in these chunks only. */
import type { FeatureScreens } from '@/lib/screen';

export const FLEET_HEALTH_SCREENS = {
  remOmniHealth: { module: () => import('./routes/health') },
  productHealth: { module: () => import('./routes/product-health') },
} satisfies FeatureScreens;
