/**
 * The setups list's first page, sent from the route loader in the entry chunk (no Zod, no
 * contracts' schemas): it leaves together with the screen's code, and the list's query takes
 * the answer over (lib/early-requests.ts). Kept free of the api client on purpose.
 */
import { EARLY_PATHS } from '@onboarding/contracts';
import { sendEarly } from '@/lib/early-requests';
import { allSetupBody, readListParams } from './utils/list-params';

export function sendFirstListPage(request: Request): void {
  const params = readListParams(new URL(request.url).searchParams);
  sendEarly('POST', EARLY_PATHS.remOmniAllSetup, allSetupBody(params));
}
