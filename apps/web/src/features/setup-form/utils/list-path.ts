import { routePath } from '@/lib/routes';
import type { SetupFlow } from '@/lib/setup-flow';

/** The setups list of the flow: where a saved or cancelled form goes. */
export function listPath(flow: SetupFlow): string {
  return flow.kind === 'rem_omni'
    ? routePath('remOmniSeeAll')
    : routePath('seeAllSetup', { id: flow.productId });
}
