/** The setup form's route pages: the chooser and the form, both flows (lib/screen.ts). */
import type { FeatureScreens } from '@/lib/screen';

export const SETUP_FORM_SCREENS = {
  remOmniAddNew: { module: () => import('./routes/rem-omni-select') },
  remOmniProspect: { module: () => import('./routes/rem-omni-setup-form') },
  remOmniClient: { module: () => import('./routes/rem-omni-setup-form') },
  remOmniEditSetup: { module: () => import('./routes/rem-omni-setup-form') },
  productSetupType: { module: () => import('./routes/product-setup-type') },
  productProspect: { module: () => import('./routes/product-setup-form') },
  productClient: { module: () => import('./routes/product-setup-form') },
  productEditSetup: { module: () => import('./routes/product-setup-form') },
} satisfies FeatureScreens;
