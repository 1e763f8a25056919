import { legacyOps, type MessageResponse } from '@onboarding/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useGuardedMutation } from '@/lib/guarded-mutation';
import type { EditSetupBody } from '../utils/form';
import { invalidateLegacySetups } from './invalidate';

/** POST …/customersetup/editSetup (updatedBy is set by the gateway). */
function editSetup(body: EditSetupBody): Promise<MessageResponse> {
  return call(legacyOps.editSetup, { body });
}

export function useEditSetup() {
  const queryClient = useQueryClient();
  return useGuardedMutation(
    {
      mutationFn: editSetup,
      onSuccess: (_data, body) => invalidateLegacySetups(queryClient, body.setupId),
    },
    { once: true },
  );
}
