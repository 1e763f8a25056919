/**
 * The health screens' one read, the fleet snapshot's health (fleet.health), sent from the page's
 * entry once the session check answers signed-in (lib/early-requests.ts): it travels with the
 * screen's code, which carries the charts. No Zod here.
 */
import { API_ROUTES } from '@onboarding/contracts/routes';
import { sendEarly, type EarlyArgs, type FirstLoadRequests } from '@/lib/early-requests';
import { fleetFlowQuery } from '@/lib/fleet-flow';

function sendHealth(productId: number | null): void {
  const { method, path } = API_ROUTES.fleet.health;
  // The api client writes the query in the same order (lib/data/fleet-health.ts).
  const search = new URLSearchParams(fleetFlowQuery(productId)).toString();
  void sendEarly({ method, path: `${path}?${search}` });
}

export const FLEET_HEALTH_FIRST_LOAD = {
  remOmniHealth: () => sendHealth(null),
  productHealth: ({ ids }: EarlyArgs) => {
    if (ids.id !== undefined) sendHealth(ids.id);
  },
} satisfies FirstLoadRequests;
