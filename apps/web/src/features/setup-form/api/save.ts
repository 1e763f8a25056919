import {
  metaOps,
  remOmniOps,
  type MessageResponse,
  type SetupAddItem,
  type SetupRegion,
  type SetupUpdateItem,
} from '@onboarding/contracts';
import { call } from '@/lib/api-client';
import type { SetupFlow } from '../utils/flow';
import { wireClientName } from '../utils/payload';

/** rem_omni addClient: registers a prospect; its clientId goes into the setup. */
export async function addClient(name: string, region: SetupRegion): Promise<number> {
  const answer = await call(remOmniOps.addClient, {
    body: { clientName: wireClientName(name), region },
  });
  return answer.clientId;
}

/** addSetup: the items as a list (rem_omni) or with the product id (meta). */
export function addSetup(flow: SetupFlow, items: SetupAddItem[]): Promise<MessageResponse> {
  return flow.kind === 'rem_omni'
    ? call(remOmniOps.addSetup, { body: items })
    : call(metaOps.addSetup, { body: { productId: flow.productId, data: items } });
}

/** updateSetup: the items as a list (rem_omni) or with the product id (meta). */
export function updateSetup(flow: SetupFlow, items: SetupUpdateItem[]): Promise<MessageResponse> {
  return flow.kind === 'rem_omni'
    ? call(remOmniOps.updateSetup, { body: items })
    : call(metaOps.updateSetup, { body: { data: items, productId: flow.productId } });
}
