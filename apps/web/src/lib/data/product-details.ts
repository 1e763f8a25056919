import { productRegisterOps, type Product } from '@onboarding/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../api-client';
import { queryKeyOf } from '../query-keys';

/** POST product_register/product-details?productId=…: one product. */
async function fetchProductDetails(productId: number, signal?: AbortSignal): Promise<Product> {
  const answer = await call(
    productRegisterOps.productDetails,
    { query: { productId: String(productId) }, body: {} },
    { signal },
  );
  return answer.productDetails;
}

export const productDetailsKey = (productId: number) =>
  queryKeyOf(productRegisterOps.productDetails, productId);

export const productDetailsQuery = (productId: number) =>
  queryOptions({
    queryKey: productDetailsKey(productId),
    queryFn: ({ signal }) => fetchProductDetails(productId, signal),
    // Its name and path head the per-product screens; a change here invalidates it.
    staleTime: 60_000,
  });

/** One product; disabled until the id is known (`null`: no product, or an invalid route id). */
export function useProductDetails(productId: number | null) {
  return useQuery({ ...productDetailsQuery(productId ?? 0), enabled: productId !== null });
}
