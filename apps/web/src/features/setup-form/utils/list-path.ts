import { routePath } from '@/lib/routes';
import type { SetupFlow } from '@/lib/setup-flow';

/** The setups list of the flow (filtered by `search` when given): where a saved form goes. */
export function listPath(flow: SetupFlow, search?: string): string {
  const query = search ? { search } : undefined;
  return flow.kind === 'rem_omni'
    ? routePath('remOmniSeeAll', undefined, query)
    : routePath('seeAllSetup', { id: flow.productId }, query);
}

/** The existing-client form of the flow with this client picked (`clientId` in the address). */
export function clientFormPath(flow: SetupFlow, clientId: number): string {
  return flow.kind === 'rem_omni'
    ? routePath('remOmniClient', undefined, { clientId })
    : routePath('productClient', { id: flow.productId }, { clientId });
}
