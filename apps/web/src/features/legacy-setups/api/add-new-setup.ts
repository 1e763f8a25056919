import { legacyOps, type MessageResponse } from '@onboarding/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { AddNewSetupBody } from '../utils/form';
import { invalidateLegacySetups } from './invalidate';

/** POST …/customersetup/addNewSetup (createdBy is set by the gateway). */
function addNewSetup(body: AddNewSetupBody): Promise<MessageResponse> {
  return call(legacyOps.addNewSetup, { body });
}

export function useAddNewSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addNewSetup,
    onSuccess: () => invalidateLegacySetups(queryClient),
  });
}
