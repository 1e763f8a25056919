import { productRegisterOps, type Product } from '@onboarding/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../api-client';
import { queryKeyOf } from '../query-keys';

/** POST product_register/product-list: every registered product. */
async function fetchProductList(signal?: AbortSignal): Promise<Product[]> {
  const answer = await call(productRegisterOps.productList, { body: {} }, { signal });
  return answer.products;
}

export const productListKey = queryKeyOf(productRegisterOps.productList);

const productListQuery = () =>
  queryOptions({
    queryKey: productListKey,
    queryFn: ({ signal }) => fetchProductList(signal),
  });

export function useProductList() {
  return useQuery(productListQuery());
}
