/** The setups screens' route pages, both flows (lib/screen.ts says how they are read). */
import type { FeatureScreens } from '@/lib/screen';

const seeAllLoaderModule = () => import('./loaders');

export const SETUPS_SCREENS = {
  remOmniSeeAll: {
    module: () => import('./routes/see-all'),
    loaderModule: seeAllLoaderModule,
    loader: (queryClient) => async (args) =>
      (await seeAllLoaderModule()).seeAllLoader(queryClient)(args),
  },
  remOmniSetupDetail: { module: () => import('./routes/details') },
  remOmniFailures: { module: () => import('./routes/failures') },
  seeAllSetup: { module: () => import('./routes/product-all-setup') },
  productSetupDetail: { module: () => import('./routes/product-details') },
  productFailures: { module: () => import('./routes/product-failures') },
} satisfies FeatureScreens;
