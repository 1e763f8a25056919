/** The new-setup form opens once the retailers are there: asked for from the route loader. */
import { EARLY_PATHS } from '@onboarding/contracts';
import { sendEarly } from '@/lib/early-requests';

export function sendFormRetailers(): void {
  sendEarly('POST', EARLY_PATHS.remOmniRetailers, {});
}
