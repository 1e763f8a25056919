/**
 * The first requests of the setups list and of a setup's details, sent from the page's entry
 * (app/boot.ts) and the route loader (no Zod, no contracts' schemas): they leave together with the screen's code,
 * and the screen's queries take the answers over (lib/early-requests.ts). Kept free of the api
 * client on purpose.
 */
import { API_ROUTES } from '@onboarding/contracts/routes';
import { sendEarly, type EarlyArgs } from '@/lib/early-requests';
import { allSetupBody, readListParams } from './utils/list-params';

/** The list's first page and the retailer names its rows show. */
export function sendFirstListPage({ request }: EarlyArgs): void {
  const params = readListParams(new URL(request.url).searchParams);
  sendEarly(API_ROUTES.rem_omni.allSetup, allSetupBody(params));
  sendEarly(API_ROUTES.rem_omni.getRetailers, {});
}

/** A setup's client details, its workflow and the retailer names (the details screen's reads). */
export function sendDetailsFirstCalls({ params }: EarlyArgs): void {
  const raw = params.setupId;
  // Exactly the body the screen sends (`Number` of the segment), for a well-formed id only.
  if (raw === undefined || !/^[1-9][0-9]{0,14}$/.test(raw)) return;
  const body = { setupId: Number(raw) };
  sendEarly(API_ROUTES.rem_omni.setupDetails, body);
  sendEarly(API_ROUTES.rem_omni.worflowData, body);
  sendEarly(API_ROUTES.rem_omni.getRetailers, {});
}
