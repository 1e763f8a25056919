import { llmOps, type Prompt } from '@onboarding/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeyOf } from '@/lib/query-keys';

/** GET /prompts/get-all: every prompt. */
function getAllPrompts(signal?: AbortSignal): Promise<Prompt[]> {
  return call(llmOps.getAll, {}, { signal });
}

export const promptsQuery = () =>
  queryOptions({
    queryKey: queryKeyOf(llmOps.getAll),
    queryFn: ({ signal }) => getAllPrompts(signal),
  });

export function usePrompts() {
  return useQuery(promptsQuery());
}
