import {
  remOmniOps,
  type MessageResponse,
  type SetupAddItem,
  type SetupRegion,
  type SetupUpdateItem,
} from '@onboarding/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useGuardedMutation } from '@/lib/guarded-mutation';
import type { SetupFlow } from '@/lib/setup-flow';
import { wireClientName } from '../utils/payload';

/** rem_omni addClient: registers a prospect; its clientId goes into the setup. */
async function addClient(name: string, region: SetupRegion): Promise<number> {
  const answer = await call(remOmniOps.addClient, {
    body: { clientName: wireClientName(name), region },
  });
  return answer.clientId;
}

export function useAddClient() {
  return useGuardedMutation({
    mutationFn: ({ name, region }: { name: string; region: SetupRegion }) =>
      addClient(name, region),
  });
}

/** A new setup's items, or the changed items of a setup being edited. */
export type SetupSave =
  { kind: 'add'; items: SetupAddItem[] } | { kind: 'update'; items: SetupUpdateItem[] };

/** addSetup or updateSetup: the items as a list (rem_omni) or with the product id (meta). */
function saveSetup(flow: SetupFlow, save: SetupSave): Promise<MessageResponse> {
  return save.kind === 'add'
    ? call(flow.ops.addSetup, flow.request.addSetup(save.items))
    : call(flow.ops.updateSetup, flow.request.updateSetup(save.items));
}

/** Saves the setup; every cached answer is then refreshed (docs/requirements.md#setup-form-submit). */
export function useSaveSetup(flow: SetupFlow) {
  const queryClient = useQueryClient();
  return useGuardedMutation(
    {
      mutationFn: (save: SetupSave) => saveSetup(flow, save),
      onSuccess: () => {
        void queryClient.invalidateQueries();
      },
    },
    { once: true },
  );
}
