import type { Product } from '@onboarding/contracts';

/** Spec §2: the products whose name contains the search text, ignoring case. */
export function filterProducts(products: readonly Product[], search: string): Product[] {
  const needle = search.trim().toLocaleLowerCase();
  if (needle === '') return [...products];
  return products.filter((p) => p.productName.toLocaleLowerCase().includes(needle));
}
