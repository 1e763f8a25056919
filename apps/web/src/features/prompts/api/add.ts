import { llmOps, type MessageResponse } from '@onboarding/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useGuardedMutation } from '@/lib/guarded-mutation';
import type { AddPromptBody } from '../utils/payload';
import { promptsQuery } from './get-all';

/** POST /prompts/add. */
function addPrompt(body: AddPromptBody): Promise<MessageResponse> {
  return call(llmOps.add, { body });
}

export function useAddPrompt() {
  const queryClient = useQueryClient();
  return useGuardedMutation(
    {
      mutationFn: addPrompt,
      onSuccess: () => queryClient.invalidateQueries({ queryKey: promptsQuery().queryKey }),
    },
    { once: true },
  );
}
