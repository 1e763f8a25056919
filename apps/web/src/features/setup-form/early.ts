/** The new-setup form opens once the retailers are there: asked for from the route loader. */
import { API_ROUTES } from '@onboarding/contracts/routes';
import { sendEarly } from '@/lib/early-requests';

export function sendFormRetailers(): void {
  sendEarly(API_ROUTES.rem_omni.getRetailers, {});
}
