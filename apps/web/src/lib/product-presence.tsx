import Alert from '@mui/material/Alert';
import { isApiError } from './api-error';
import { useProductDetails } from './data/product-details';

/** A per-product screen's place for a product id that names no product (product-form-page.tsx's text). */
export function ProductNotFound() {
  return <Alert severity="error">This product does not exist.</Alert>;
}

/**
 * The product a per-product screen belongs to (docs/requirements.md#not-found). `missing` once
 * its details answer 404 (the upstream's answer for an unknown productId): the screen shows
 * ProductNotFound and asks nothing else. `settled` once they answered otherwise (found, or failed
 * another way, which the screen reports as before): its other reads for the product may go.
 * Without a product (`null`, the rem_omni flow) it is settled at once.
 */
export function useProductPresence(productId: number | null) {
  const product = useProductDetails(productId);
  const missing = isApiError(product.error) && product.error.status === 404;
  const settled = productId === null || product.isSuccess || (product.isError && !missing);
  return { product, missing, settled };
}
