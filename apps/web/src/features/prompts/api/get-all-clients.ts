import { llmOps, type PromptClientOption } from '@onboarding/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeyOf } from '@/lib/query-keys';

/** GET /prompts/get-all-clients: the clients a prompt can belong to. */
function getAllClients(signal?: AbortSignal): Promise<PromptClientOption[]> {
  return call(llmOps.getAllClients, {}, { signal });
}

const promptClientsQuery = () =>
  queryOptions({
    queryKey: queryKeyOf(llmOps.getAllClients),
    queryFn: ({ signal }) => getAllClients(signal),
    staleTime: 5 * 60_000,
  });

/** `enabled: false` in edit mode, where the client cannot change. */
export function usePromptClients(enabled = true) {
  return useQuery({ ...promptClientsQuery(), enabled });
}
