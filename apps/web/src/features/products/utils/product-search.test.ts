import { describe, expect, it } from '@jest/globals';
import type { Product } from '@onboarding/contracts';
import { filterProducts } from './product-search';

const product = (productId: number, productName: string, productPath: string): Product => ({
  productId,
  productName,
  productPath,
});

const products: readonly Product[] = [
  product(1, 'Share of Voice', '/dashboard/amazon/share-of-voice'),
  product(2, 'Café Insights', '/dashboard/walmart/cafe-insights'),
  product(3, 'Digital Shelf', '/dashboard/target/digital-shelf'),
  product(4, 'Voice Search', '/dashboard/amazon/voice-search'),
];

const names = (list: readonly Product[]) => list.map((p) => p.productName);

describe('searching the products list by name', () => {
  it('shows every product, in the order loaded, while the search is empty or blank', () => {
    expect(filterProducts(products, '')).toEqual(products);
    expect(filterProducts(products, '   ')).toEqual(products);
  });

  it('hands back a list of its own, leaving the loaded list as it was', () => {
    const shown = filterProducts(products, '');
    expect(shown).not.toBe(products);
    shown.reverse();
    expect(products[0]?.productName).toBe('Share of Voice');
  });

  it('shows the products whose name contains the text anywhere, in the order loaded', () => {
    expect(names(filterProducts(products, 'voice'))).toEqual(['Share of Voice', 'Voice Search']);
    expect(names(filterProducts(products, 'al Sh'))).toEqual(['Digital Shelf']);
  });

  it('ignores case', () => {
    expect(names(filterProducts(products, 'SHARE OF'))).toEqual(['Share of Voice']);
  });

  it('ignores accents on either side', () => {
    expect(names(filterProducts(products, 'cafe'))).toEqual(['Café Insights']);
    const plain = [product(5, 'Cafe Trends', '/dashboard/amazon/cafe-trends')];
    expect(names(filterProducts(plain, 'CAFÉ'))).toEqual(['Cafe Trends']);
  });

  it('ignores spaces around the search text', () => {
    expect(names(filterProducts(products, '  shelf '))).toEqual(['Digital Shelf']);
  });

  it('matches on the product name only, not its path', () => {
    expect(filterProducts(products, 'dashboard')).toEqual([]);
    expect(filterProducts(products, 'walmart')).toEqual([]);
  });

  it('shows no product when no name contains the text', () => {
    expect(filterProducts(products, 'pricing')).toEqual([]);
  });
});
