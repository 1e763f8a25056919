import { llmOps, type MessageResponse } from '@onboarding/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useGuardedMutation } from '@/lib/guarded-mutation';
import type { UpdatePromptBody } from '../utils/payload';
import { promptsQuery } from './get-all';
import { promptQuery } from './get';

/** PUT /prompts/update. */
function updatePrompt(body: UpdatePromptBody): Promise<MessageResponse> {
  return call(llmOps.update, { body });
}

export function useUpdatePrompt() {
  const queryClient = useQueryClient();
  return useGuardedMutation(
    {
      mutationFn: updatePrompt,
      onSuccess: (_data, body) =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: promptsQuery().queryKey }),
          queryClient.invalidateQueries({ queryKey: promptQuery(String(body.promptId)).queryKey }),
        ]),
    },
    { once: true },
  );
}
