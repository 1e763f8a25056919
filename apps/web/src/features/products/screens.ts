/** The products and steps screens' route pages (lib/screen.ts). */
import type { FeatureScreens } from '@/lib/screen';

export const PRODUCTS_SCREENS = {
  seeAllProduct: { module: () => import('./routes/products') },
  addProduct: { module: () => import('./routes/product-form') },
  editProduct: { module: () => import('./routes/product-form') },
  stepDetails: { module: () => import('./routes/steps') },
  registerStep: { module: () => import('./routes/step-form') },
  editStep: { module: () => import('./routes/step-form') },
} satisfies FeatureScreens;
