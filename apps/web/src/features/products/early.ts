/** The products list's one call, sent from the route loader (see lib/early-requests.ts). */
import { API_ROUTES } from '@onboarding/contracts/routes';
import { sendEarly } from '@/lib/early-requests';

export function sendProductList(): void {
  sendEarly(API_ROUTES.product_register.productList, {});
}
