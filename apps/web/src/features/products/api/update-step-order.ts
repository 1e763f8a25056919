import { productRegisterOps } from '@onboarding/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useGuardedMutation } from '@/lib/guarded-mutation';
import { stepListKey } from '@/lib/data/step-list';

interface StepOrderInput {
  productId: number;
  body: { stepData: { id: number; order: number }[]; stepToDelete: number[] };
}

/** POST product_register/update-step-order?productId=…: new order and deletions, one call. */
async function updateStepOrder({ productId, body }: StepOrderInput): Promise<string> {
  const answer = await call(productRegisterOps.updateStepOrder, {
    query: { productId: String(productId) },
    body,
  });
  return answer.message;
}

/** Save the step list; it reloads afterwards (docs/requirements.md#steps-list-order). */
export function useUpdateStepOrder() {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationFn: updateStepOrder,
    onSuccess: (_message, { productId }) =>
      queryClient.invalidateQueries({ queryKey: stepListKey(productId) }),
  });
}
