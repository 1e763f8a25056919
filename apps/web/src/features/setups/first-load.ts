/**
 * The first requests of the setups list and of a setup's details, sent from the page's entry
 * (app/boot.ts) and the route loader once the session check answered signed-in (no Zod, no
 * contracts' schemas): the screen's queries take the answers over (lib/early-requests.ts). Kept
 * free of the api client on purpose.
 */
import { API_ROUTES } from '@onboarding/contracts/routes';
import { sendEarly, type EarlyArgs, type FirstLoadRequests } from '@/lib/early-requests';
import { allSetupBody, namesFilter, readListParams } from './utils/list-params';

/** The list's first page and the retailer names its rows show. */
function sendFirstListPage({ request }: EarlyArgs): void {
  const { searchParams } = new URL(request.url);
  // A filtered list reads the fleet snapshot (the screen asks it), not allSetup.
  if (!namesFilter(searchParams)) {
    void sendEarly(API_ROUTES.rem_omni.allSetup, allSetupBody(readListParams(searchParams)));
  }
  void sendEarly(API_ROUTES.rem_omni.getRetailers, {});
}

/** A setup's client details, its workflow and the retailer names (the details screen's reads). */
function sendDetailsFirstCalls({ ids }: EarlyArgs): void {
  const body = { setupId: ids.setupId };
  void sendEarly(API_ROUTES.rem_omni.setupDetails, body);
  void sendEarly(API_ROUTES.rem_omni.worflowData, body);
  void sendEarly(API_ROUTES.rem_omni.getRetailers, {});
}

export const SETUPS_FIRST_LOAD = {
  remOmniSeeAll: sendFirstListPage,
  remOmniSetupDetail: sendDetailsFirstCalls,
} satisfies FirstLoadRequests;
