import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { Product } from './types';
import { colourInName, useVariantChoice } from './variants';

/** A product sold in every size × colour given, `soldOut` pairs with nothing left. */
function product(name: string, sizes: string[], colors: string[], soldOut: string[] = []): Product {
  const variants = sizes.flatMap((size) =>
    colors.map((color) => ({
      id: `${size}-${color}`,
      size,
      color,
      sku: null,
      low: false,
      available: soldOut.includes(`${size}/${color}`) ? 0 : 5,
    })),
  );
  return {
    id: 'p',
    pricesAbroad: [],
    name,
    sizes,
    colors,
    variants,
    category: null,
    collectionId: 'c',
    colorImages: [],
    compareAtPrice: null,
    createdAt: 0,
    runsSmall: false,
    description: '',
    featured: false,
    images: [],
    price: 100,
    rating: 0,
    reviewCount: 0,
  };
}

describe('colourInName', () => {
  it.each([
    ['Gingham Check Shirt in Navy', ['Navy', 'Red'], 'Navy'],
    ['Tassel Loafer in Burgundy Suede', ['Burgundy', 'Navy'], 'Burgundy'],
    ['Marina Knit Slip-On in Navy/Red', ['Navy/Red', 'Grey'], 'Navy/Red'],
    ['Heritage Chronograph, Steel & Navy', ['Navy/Steel', 'Black/Steel'], 'Navy/Steel'],
    ['Atlantic Diver 200 m, Black', ['Black', 'Blue'], 'Black'],
    ['Lagos Runner in White/Orange', ['White/Orange', 'Black/Orange'], 'White/Orange'],
    ['Court Classic Low-Top in Triple White', ['White', 'White/Gum'], 'White'],
  ])('%s is %s', (name, colors, expected) => {
    expect(colourInName({ name, colors })).toBe(expected);
  });

  it.each([
    ['Midnight Navy Two-Piece', ['Midnight Navy', 'Black']],
    ['Shirt in Navy and White', ['Navy', 'White']],
    ['Pleated Trousers in Navy', ['Black']],
  ])('%s names none of its colours alone', (name, colors) => {
    expect(colourInName({ name, colors })).toBeNull();
  });
});

describe('useVariantChoice', () => {
  const shirt = product('Gingham Check Shirt in Navy', ['S', 'M', 'L'], ['Navy', 'Red'], ['L/Navy']);

  it('starts with the colour the name says', () => {
    const { result } = renderHook(() => useVariantChoice(shirt));
    expect([result.current.size, result.current.color]).toEqual([null, 'Navy']);
  });

  it('starts with the size and colour a filtered list was showing, in any case', () => {
    const { result } = renderHook(() => useVariantChoice(shirt, { size: 'm', color: 'red' }));
    expect([result.current.size, result.current.color]).toEqual(['M', 'Red']);
    expect(result.current.variant?.id).toBe('M-Red');
  });

  it('drops a colour that cannot be bought in the size asked for, and ignores values it does not sell', () => {
    const { result } = renderHook(() => useVariantChoice(shirt, { size: 'L', color: 'Navy' }));
    expect([result.current.size, result.current.color]).toEqual(['L', null]);
    const other = renderHook(() => useVariantChoice(shirt, { size: '44', color: 'Purple' }));
    expect([other.result.current.size, other.result.current.color]).toEqual([null, 'Navy']);
  });
});
