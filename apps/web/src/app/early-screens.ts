/**
 * The screens whose first data requests the page's entry sends (no api client, no Zod), gathered
 * from the features' `first-load.ts`: they leave as soon as the session check answers signed-in,
 * while the page's scripts are still arriving, and the screen's queries take the answers over.
 * Only when the app starts: later, cached answers may make some of them needless.
 */
import { FLEET_HEALTH_FIRST_LOAD } from '@/features/fleet-health/first-load';
import { PRODUCTS_FIRST_LOAD } from '@/features/products/first-load';
import { PROMPTS_FIRST_LOAD } from '@/features/prompts/first-load';
import { SETUP_FORM_FIRST_LOAD } from '@/features/setup-form/first-load';
import { SETUPS_FIRST_LOAD } from '@/features/setups/first-load';
import type { FirstLoadRequests } from '@/lib/early-requests';

export type { EarlyRequests } from '@/lib/early-requests';

export const EARLY_SCREENS: FirstLoadRequests = {
  ...SETUPS_FIRST_LOAD,
  ...SETUP_FORM_FIRST_LOAD,
  ...PRODUCTS_FIRST_LOAD,
  ...PROMPTS_FIRST_LOAD,
  ...FLEET_HEALTH_FIRST_LOAD,
};
