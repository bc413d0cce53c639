import { describe, expect, it } from 'vitest';
import type { Catalogue } from './api';
import { findCode, isEan13, search } from './catalogue';

const catalogue: Catalogue = {
  at: 1,
  lowStock: 3,
  products: [
    {
      productId: 'p1',
      name: 'Ankara Wrap Dress',
      image: null,
      price: 2_500_000,
      variants: [
        {
          variantId: 'v1',
          sku: 'AWD-M-RED',
          ean: '2000000000015',
          size: 'M',
          color: 'Red',
          stock: 4,
          priceToken: 't1',
        },
        {
          variantId: 'v2',
          sku: 'AWD-L-RED',
          ean: '2000000000022',
          size: 'L',
          color: 'Red',
          stock: 0,
          priceToken: 't2',
        },
      ],
    },
    {
      productId: 'p2',
      name: 'Adire Scarf',
      image: null,
      price: 450_000,
      // No SKU; no EAN either (two variants would have shared one).
      variants: [{ variantId: 'v3', sku: null, ean: null, size: null, color: 'Indigo', stock: 9, priceToken: 't3' }],
    },
  ],
};

describe('isEan13', () => {
  it('checks the digits and the check digit', () => {
    expect(isEan13('2000000000015')).toBe(true);
    expect(isEan13('4006381333931')).toBe(true);
    expect(isEan13('4006381333932')).toBe(false);
    expect(isEan13('400638133393')).toBe(false);
    expect(isEan13('40063813339 1')).toBe(false);
  });
});

describe('findCode', () => {
  it('finds a variant by its SKU, case and spaces around aside', () => {
    expect(findCode(catalogue, '  awd-l-red ')?.variant?.variantId).toBe('v2');
    expect(findCode(catalogue, 'AWD-M-RED')?.variant?.variantId).toBe('v1');
  });

  it('finds a variant by its EAN-13, as a scanner reads it', () => {
    expect(findCode(catalogue, '2000000000015')?.variant?.variantId).toBe('v1');
    expect(findCode(catalogue, ' 2000000000022\n')?.variant?.variantId).toBe('v2');
  });

  it('finds nothing for an unknown code, an empty one, or a part of a code', () => {
    expect(findCode(catalogue, '2000000000039')).toBeNull();
    expect(findCode(catalogue, '')).toBeNull();
    expect(findCode(catalogue, 'AWD-M')).toBeNull();
    expect(findCode(catalogue, '200000000001')).toBeNull();
  });

  it('puts an exact EAN first in a search, as that variant alone', () => {
    expect(search(catalogue, '2000000000022')).toEqual([
      { product: catalogue.products[0], variant: catalogue.products[0]!.variants[1] },
    ]);
  });
});
