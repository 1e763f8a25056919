/**
 * The new-setup form opens once the retailers are there: asked for early
 * (lib/early-requests.ts; no Zod here).
 */
import { API_ROUTES } from '@onboarding/contracts/routes';
import { sendEarly, type FirstLoadRequests } from '@/lib/early-requests';

const sendFormRetailers = () => void sendEarly(API_ROUTES.rem_omni.getRetailers, {});

export const SETUP_FORM_FIRST_LOAD = {
  remOmniProspect: sendFormRetailers,
  remOmniClient: sendFormRetailers,
} satisfies FirstLoadRequests;
