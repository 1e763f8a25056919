/** The products list's one call, sent from the route loader (see lib/early-requests.ts). */
import { EARLY_PATHS } from '@onboarding/contracts';
import { sendEarly } from '@/lib/early-requests';

export function sendProductList(): void {
  sendEarly('POST', EARLY_PATHS.productList, {});
}
