import { productRegisterOps, type Step } from '@onboarding/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../api-client';
import { queryKeyOf } from '../query-keys';

/** POST product_register/step-detail?stepId=…: one step. */
async function fetchStepDetail(stepId: number, signal?: AbortSignal): Promise<Step> {
  const answer = await call(
    productRegisterOps.stepDetail,
    { query: { stepId: String(stepId) }, body: {} },
    { signal },
  );
  return answer.stepDetail;
}

export const stepDetailKey = (stepId: number) => queryKeyOf(productRegisterOps.stepDetail, stepId);

export const stepDetailQuery = (stepId: number) =>
  queryOptions({
    queryKey: stepDetailKey(stepId),
    queryFn: ({ signal }) => fetchStepDetail(stepId, signal),
  });

export function useStepDetail(stepId: number | null) {
  return useQuery({ ...stepDetailQuery(stepId ?? 0), enabled: stepId !== null });
}
