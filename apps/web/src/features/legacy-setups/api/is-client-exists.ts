import { legacyOps } from '@onboarding/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeyOf } from '@/lib/query-keys';

/** POST …/customersetup/isClientExists with the lower-cased name: does a setup exist for it? */
async function isClientExists(clientName: string): Promise<boolean> {
  const answer = await call(legacyOps.isClientExists, {
    body: { clientName: clientName.trim().toLowerCase() },
  });
  return answer[0]?.isClientExists ?? false;
}

export function useIsClientExists() {
  return useMutation({
    mutationKey: queryKeyOf(legacyOps.isClientExists),
    mutationFn: isClientExists,
  });
}
