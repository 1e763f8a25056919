/**
 * The product registry's reads, for the products screens, the per-product setups screens and the
 * command palette: one query each, with one key and one freshness.
 */
import { productRegisterOps, type Product, type Step } from '@onboarding/contracts';
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

const productDetailsQuery = (productId: number) =>
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

const stepDetailQuery = (stepId: number) =>
  queryOptions({
    queryKey: stepDetailKey(stepId),
    queryFn: ({ signal }) => fetchStepDetail(stepId, signal),
  });

export function useStepDetail(stepId: number | null) {
  return useQuery({ ...stepDetailQuery(stepId ?? 0), enabled: stepId !== null });
}
