import { productRegisterOps, type StepBody } from '@onboarding/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useGuardedMutation } from '@/lib/guarded-mutation';
import { stepListKey } from '@/lib/data/step-list';

/** POST product_register/register-step: answers the server's message. */
async function registerStep(body: StepBody): Promise<string> {
  const answer = await call(productRegisterOps.registerStep, { body });
  return answer.message;
}

/** Add a step to a product; its step list reloads afterwards. */
export function useRegisterStep() {
  const queryClient = useQueryClient();
  return useGuardedMutation(
    {
      mutationFn: registerStep,
      onSuccess: (_message, body) =>
        queryClient.invalidateQueries({ queryKey: stepListKey(body.productId) }),
    },
    { once: true },
  );
}
