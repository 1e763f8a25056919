/** The products list's one call, sent early (lib/early-requests.ts; no Zod here). */
import { API_ROUTES } from '@onboarding/contracts/routes';
import { sendEarly, type FirstLoadRequests } from '@/lib/early-requests';

export const PRODUCTS_FIRST_LOAD = {
  seeAllProduct: () => void sendEarly(API_ROUTES.product_register.productList, {}),
} satisfies FirstLoadRequests;
