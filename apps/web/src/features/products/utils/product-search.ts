import type { Product } from '@onboarding/contracts';

/** Products whose name contains the search text, any case (docs/requirements.md#products-list). */
export function filterProducts(products: readonly Product[], search: string): Product[] {
  const needle = search.trim().toLocaleLowerCase();
  if (needle === '') return [...products];
  return products.filter((p) => p.productName.toLocaleLowerCase().includes(needle));
}
