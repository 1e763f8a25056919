import { llmOps, type Prompt } from '@onboarding/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeyOf } from '@/lib/query-keys';

/** GET /prompts/get/{id}: one prompt. */
function getPrompt(id: string, signal?: AbortSignal): Promise<Prompt> {
  return call(llmOps.get, { params: { id } }, { signal });
}

export const promptQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeyOf(llmOps.get, id),
    queryFn: ({ signal }) => getPrompt(id, signal),
  });

export function usePrompt(id: string) {
  return useQuery(promptQuery(id));
}
