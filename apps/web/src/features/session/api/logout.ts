import { sessionOps } from '@onboarding/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useGuardedMutation } from '@/lib/guarded-mutation';
import { useExternalNavigation } from '@/lib/browser';

/** POST /api/sso/logout: ends the session and answers the identity provider's sign-out address. */
function logout(): Promise<string> {
  return call(sessionOps.logout, {});
}

/** Signs out, forgets every cached answer, and leaves for the identity provider's sign-out page. */
export function useLogout() {
  const queryClient = useQueryClient();
  const external = useExternalNavigation();
  return useGuardedMutation(
    {
      mutationFn: logout,
      onSuccess: (address) => {
        queryClient.clear();
        external.assign(address);
      },
    },
    { once: true },
  );
}
