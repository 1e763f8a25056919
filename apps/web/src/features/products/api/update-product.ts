import { productRegisterOps } from '@onboarding/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useGuardedMutation } from '@/lib/guarded-mutation';
import { productDetailsKey } from '@/lib/data/product-details';
import { productListKey } from '@/lib/data/product-list';
import type { ProductInput } from './register-product';

/** POST product_register/update-product: answers the server's message. */
async function updateProduct(input: ProductInput & { productId: number }): Promise<string> {
  const answer = await call(productRegisterOps.updateProduct, { body: input });
  return answer.message;
}

/** Change a product; the list and the product reload afterwards. */
export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useGuardedMutation(
    {
      mutationFn: updateProduct,
      onSuccess: (_message, input) =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: productListKey }),
          queryClient.invalidateQueries({ queryKey: productDetailsKey(input.productId) }),
        ]),
    },
    { once: true },
  );
}
