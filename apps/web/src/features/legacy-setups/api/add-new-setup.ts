import { legacyOps, type MessageResponse } from '@onboarding/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useGuardedMutation } from '@/lib/guarded-mutation';
import type { AddNewSetupBody } from '../utils/form';
import { invalidateLegacySetups } from './invalidate';

/** POST …/customersetup/addNewSetup (createdBy is set by the gateway). */
function addNewSetup(body: AddNewSetupBody): Promise<MessageResponse> {
  return call(legacyOps.addNewSetup, { body });
}

export function useAddNewSetup() {
  const queryClient = useQueryClient();
  return useGuardedMutation(
    {
      mutationFn: addNewSetup,
      onSuccess: () => invalidateLegacySetups(queryClient),
    },
    { once: true },
  );
}
