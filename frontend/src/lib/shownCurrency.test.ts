import { afterEach, describe, expect, it } from 'vitest';
import { asCurrency, CURRENCY_KEY, priceIn, rememberedCurrency } from './shownCurrency';
import { product } from '@/test/fixtures';

afterEach(() => window.localStorage.removeItem(CURRENCY_KEY));

const dress = product({
  price: 4_000_000,
  compareAtPrice: 5_000_000,
  pricesAbroad: [
    { currency: 'GBP', price: 1999, compareAtPrice: 2499 },
    { currency: 'USD', price: 2599, compareAtPrice: null },
  ],
});

describe('priceIn', () => {
  it("takes the product's own price in the currency, sale price included", () => {
    expect(priceIn(dress, 'GBP')).toEqual({ kobo: 1999, compareAt: 2499, currency: 'GBP' });
    expect(priceIn(dress, 'USD')).toEqual({ kobo: 2599, compareAt: null, currency: 'USD' });
  });

  it('shows naira for naira, and for a product without a price in the currency', () => {
    expect(priceIn(dress, 'NGN')).toEqual({ kobo: 4_000_000, compareAt: 5_000_000, currency: 'NGN' });
    const plain = product({ price: 2_500_000, compareAtPrice: null, pricesAbroad: [] });
    expect(priceIn(plain, 'GBP')).toEqual({ kobo: 2_500_000, compareAt: null, currency: 'NGN' });
  });
});

describe('the remembered currency', () => {
  it('reads a currency the shop knows, and nothing else', () => {
    expect(rememberedCurrency()).toBeNull();
    window.localStorage.setItem(CURRENCY_KEY, 'GBP');
    expect(rememberedCurrency()).toBe('GBP');
    window.localStorage.setItem(CURRENCY_KEY, 'EUR');
    expect(rememberedCurrency()).toBeNull();
  });

  it('reads a currency code from the server as naira when unknown', () => {
    expect(asCurrency('USD')).toBe('USD');
    expect(asCurrency('XYZ')).toBe('NGN');
    expect(asCurrency(null)).toBe('NGN');
  });
});
