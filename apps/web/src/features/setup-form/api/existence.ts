import {
  categoryAnalyticsOps,
  clientSetupExistsError,
  metaOps,
  prospectExistsError,
  remOmniOps,
} from '@onboarding/contracts';
import { call } from '@/lib/api-client';
import type { SetupFlow } from '../utils/flow';
import { wireClientName } from '../utils/payload';

/** categoryanalytics/isProspectExists → `A customer already exists`, else null. */
export async function prospectNameError(name: string): Promise<string | null> {
  const answer = await call(categoryAnalyticsOps.isProspectExists, {
    body: { clientName: wireClientName(name) },
  });
  return prospectExistsError(answer);
}

/**
 * isClientExists (rem_omni, or meta for the product) → `A customer setup already exists,
 * please edit the existing setup.`, else null.
 */
export async function clientSetupError(flow: SetupFlow, name: string): Promise<string | null> {
  const clientName = wireClientName(name);
  const answer =
    flow.kind === 'rem_omni'
      ? await call(remOmniOps.isClientExists, { body: { clientName } })
      : await call(metaOps.isClientExists, { body: { clientName, productId: flow.productId } });
  return clientSetupExistsError(answer);
}
