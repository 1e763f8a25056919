import type { Product } from '@onboarding/contracts';
import { includesFolded } from '@/lib/fold-text';

/**
 * Products whose name contains the search text, case and accents aside
 * (docs/requirements.md#products-list).
 */
export function filterProducts(products: readonly Product[], search: string): Product[] {
  if (search.trim() === '') return [...products];
  return products.filter((p) => includesFolded(p.productName, search));
}
