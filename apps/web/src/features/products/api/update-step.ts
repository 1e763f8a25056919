import { productRegisterOps, type StepBody } from '@onboarding/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useGuardedMutation } from '@/lib/guarded-mutation';
import { stepDetailKey } from '@/lib/data/step-detail';
import { stepListKey } from '@/lib/data/step-list';

interface UpdateStepInput {
  stepId: number;
  body: StepBody;
}

/** POST product_register/update-step?stepId=…: answers the server's message. */
async function updateStep({ stepId, body }: UpdateStepInput): Promise<string> {
  const answer = await call(productRegisterOps.updateStep, {
    query: { stepId: String(stepId) },
    body,
  });
  return answer.message;
}

/** Change a step; the step and its product's list reload afterwards. */
export function useUpdateStep() {
  const queryClient = useQueryClient();
  return useGuardedMutation(
    {
      mutationFn: updateStep,
      onSuccess: (_message, { stepId, body }) =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: stepListKey(body.productId) }),
          queryClient.invalidateQueries({ queryKey: stepDetailKey(stepId) }),
        ]),
    },
    { once: true },
  );
}
