import { productRegisterOps, type Product, type Step } from '@onboarding/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { queryKeyOf } from '@/lib/query-keys';

/** POST product_register/product-details?productId=…: the product (its path builds the link). */
export function useProduct(productId: number | null) {
  return useQuery({
    queryKey: queryKeyOf(productRegisterOps.productDetails, productId ?? 0),
    queryFn: async ({ signal }): Promise<Product> =>
      (
        await call(
          productRegisterOps.productDetails,
          { query: { productId: String(productId ?? 0) }, body: {} },
          { signal },
        )
      ).productDetails,
    enabled: productId !== null,
    staleTime: 60_000,
  });
}

/** POST product_register/step-list?productId=…: the product's steps (expected execution times). */
export function useProductSteps(productId: number | null) {
  return useQuery({
    queryKey: queryKeyOf(productRegisterOps.stepList, productId ?? 0),
    queryFn: async ({ signal }): Promise<Step[]> =>
      (
        await call(
          productRegisterOps.stepList,
          { query: { productId: String(productId ?? 0) }, body: {} },
          { signal },
        )
      ).steps,
    enabled: productId !== null,
  });
}
