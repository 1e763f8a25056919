import {
  categoryAnalyticsOps,
  clientSetupExistsError,
  prospectExistsError,
} from '@onboarding/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { SetupFlow } from '@/lib/setup-flow';
import { wireClientName } from '../utils/payload';

/** categoryanalytics/isProspectExists → `A customer already exists`, else null. */
async function prospectNameError(name: string): Promise<string | null> {
  const answer = await call(categoryAnalyticsOps.isProspectExists, {
    body: { clientName: wireClientName(name) },
  });
  return prospectExistsError(answer);
}

/**
 * isClientExists (rem_omni, or meta for the product) → `A customer setup already exists,
 * please edit the existing setup.`, else null.
 */
async function clientSetupError(flow: SetupFlow, name: string): Promise<string | null> {
  const answer = await call(
    flow.ops.isClientExists,
    flow.request.isClientExists(wireClientName(name)),
  );
  return clientSetupExistsError(answer);
}

/** A failed check: only logged, the form stays usable (docs/requirements.md#setup-form-errors). */
async function quietly(check: () => Promise<string | null>): Promise<string | null> {
  try {
    return await check();
  } catch (error) {
    console.error('Client existence check failed', error);
    return null;
  }
}

/** Whose name is checked: a prospect's, or a picked client's setup in the flow. */
export interface NameCheck {
  kind: 'prospect' | 'client';
  name: string;
}

/**
 * The name check: the message to show under the name, or null (also when the check failed). A
 * mutation, not a query: it runs on blur or pick and again on submit, asking the server each time.
 */
export function useExistenceCheck(flow: SetupFlow) {
  return useMutation({
    mutationFn: ({ kind, name }: NameCheck) =>
      quietly(() => (kind === 'prospect' ? prospectNameError(name) : clientSetupError(flow, name))),
  });
}
