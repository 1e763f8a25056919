import { llmOps, type Prompt } from '@onboarding/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** GET /prompts/get-all: every prompt. */
function getAllPrompts(signal?: AbortSignal): Promise<Prompt[]> {
  return call(llmOps.getAll, {}, { signal });
}

export const promptsQuery = () =>
  queryOptions({
    queryKey: [llmOps.getAll.id],
    queryFn: ({ signal }) => getAllPrompts(signal),
  });

export function usePrompts() {
  return useQuery(promptsQuery());
}
