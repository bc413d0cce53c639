import { describe, expect, it } from 'vitest';
import { bagTotalIn } from './bagTotal';
import { bagItem, bagOf, product } from '@/test/fixtures';

const dress = product({
  price: 4_000_000,
  pricesAbroad: [
    { currency: 'GBP', price: 1999, compareAtPrice: 2499 },
    { currency: 'USD', price: 2599, compareAtPrice: null },
  ],
});

describe('bagTotalIn', () => {
  it("adds up the lines' prices in the currency times their quantities", () => {
    const bag = bagOf(bagItem({ id: 'a', product: dress, quantity: 2 }));
    expect(bagTotalIn(bag, 'GBP')).toEqual({ kobo: 3998, currency: 'GBP' });
    expect(bagTotalIn(bag, 'NGN')).toEqual({ kobo: bag.total, currency: 'NGN' });
  });

  it("is the server's naira total when a line has no price in the currency", () => {
    const plain = product({ id: 'p2', price: 2_500_000, pricesAbroad: [] });
    const bag = bagOf(bagItem({ id: 'a', product: dress }), bagItem({ id: 'b', product: plain }));
    expect(bagTotalIn(bag, 'GBP')).toEqual({ kobo: bag.total, currency: 'NGN' });
  });
});
