import { productRegisterOps, type Step } from '@onboarding/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../api-client';
import { queryKeyOf } from '../query-keys';

/** POST product_register/step-list?productId=…: a product's workflow steps. */
async function fetchStepList(productId: number, signal?: AbortSignal): Promise<Step[]> {
  const answer = await call(
    productRegisterOps.stepList,
    { query: { productId: String(productId) }, body: {} },
    { signal },
  );
  return answer.steps;
}

export const stepListKey = (productId: number) =>
  queryKeyOf(productRegisterOps.stepList, productId);

const stepListQuery = (productId: number) =>
  queryOptions({
    queryKey: stepListKey(productId),
    queryFn: ({ signal }) => fetchStepList(productId, signal),
  });

/** A product's steps (expected execution times); disabled while the id is unknown. */
export function useStepList(productId: number | null) {
  return useQuery({ ...stepListQuery(productId ?? 0), enabled: productId !== null });
}
