import { productRegisterOps } from '@onboarding/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useGuardedMutation } from '@/lib/guarded-mutation';
import { productListKey } from '@/lib/data/product-list';

export interface ProductInput {
  productName: string;
  productPath: string;
}

/** POST product_register/register-product: answers the server's message. */
async function registerProduct(input: ProductInput): Promise<string> {
  const answer = await call(productRegisterOps.registerProduct, { body: input });
  return answer.message;
}

/** Register a product; the products list reloads afterwards. */
export function useRegisterProduct() {
  const queryClient = useQueryClient();
  return useGuardedMutation(
    {
      mutationFn: registerProduct,
      onSuccess: () => queryClient.invalidateQueries({ queryKey: productListKey }),
    },
    { once: true },
  );
}
