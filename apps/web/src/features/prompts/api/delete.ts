import { llmOps, type MessageResponse, type Prompt } from '@onboarding/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useGuardedMutation } from '@/lib/guarded-mutation';
import { queryKeyOf } from '@/lib/query-keys';
import { removePrompt, restorePrompt } from '../utils/list';
import { promptsQuery } from './get-all';
import { promptQuery } from './get';

/** DELETE /prompts/delete/{id}. */
function deletePrompt(promptId: number): Promise<MessageResponse> {
  return call(llmOps.delete, { params: { id: String(promptId) } });
}

/** One delete per prompt: a second click on Delete for the same prompt sends nothing. */
const deleteIntent = (prompt: Prompt) => String(prompt.prompt_id);

/**
 * Optimistic delete (docs/requirements.md#prompt-delete): the prompt leaves the list at once; when
 * the call fails it is put back where it stood (the caller tells the operator); then a re-read.
 */
export function useDeletePrompt() {
  const queryClient = useQueryClient();
  const listKey = promptsQuery().queryKey;
  return useGuardedMutation(
    {
      mutationKey: queryKeyOf(llmOps.delete),
      mutationFn: (prompt: Prompt) => deletePrompt(prompt.prompt_id),
      onMutate: async (prompt) => {
        await queryClient.cancelQueries({ queryKey: listKey });
        let index = -1;
        queryClient.setQueryData(listKey, (old) => {
          if (!old) return old;
          const removed = removePrompt(old, prompt.prompt_id);
          index = removed.index;
          return removed.list;
        });
        return { index };
      },
      onError: (_error, prompt, context) => {
        queryClient.setQueryData(listKey, (old) =>
          old ? restorePrompt(old, prompt, context?.index ?? -1) : old,
        );
      },
      onSuccess: (_data, prompt) => {
        queryClient.removeQueries({ queryKey: promptQuery(String(prompt.prompt_id)).queryKey });
      },
      // Re-read only when this is the last delete in flight, so a refetch cannot bring back a
      // prompt whose own delete is still on its way.
      onSettled: () =>
        queryClient.isMutating({ mutationKey: queryKeyOf(llmOps.delete) }) === 1
          ? queryClient.invalidateQueries({ queryKey: listKey })
          : undefined,
    },
    { intentOf: deleteIntent },
  );
}
