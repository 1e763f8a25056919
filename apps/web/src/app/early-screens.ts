/**
 * The screens whose first data requests the page's entry sends (no api client, no Zod), so
 * they leave with the page's scripts; the screen's queries take the answers over. Only when the
 * app starts: later, cached answers may make some of them needless.
 */
import { sendProductList } from '@/features/products/early';
import { sendPromptList } from '@/features/prompts/early';
import { sendDetailsFirstCalls, sendFirstListPage } from '@/features/setups/early';
import { sendFormRetailers } from '@/features/setup-form/early';
import type { EarlyArgs } from '@/lib/early-requests';
import type { RouteName } from '@/lib/routes';

export type EarlyRequests = (args: EarlyArgs) => void;

export const EARLY_SCREENS: Partial<Record<RouteName, EarlyRequests>> = {
  remOmniSeeAll: sendFirstListPage,
  remOmniProspect: sendFormRetailers,
  remOmniClient: sendFormRetailers,
  remOmniSetupDetail: sendDetailsFirstCalls,
  seeAllProduct: sendProductList,
  prompts: sendPromptList,
};
