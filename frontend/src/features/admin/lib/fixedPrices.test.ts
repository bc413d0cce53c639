import { describe, expect, it } from 'vitest';
import { fixedPriceDrafts, fixedPricesChanged, fixedPricesInput, fixedPricesProblem } from './fixedPrices';

describe('fixed prices abroad', () => {
  it('edits each currency, dollars first, in its own units; blank when it follows the rate', () => {
    expect(fixedPriceDrafts([{ currency: 'GBP', price: 2_299 }])).toEqual([
      { currency: 'USD', price: '' },
      { currency: 'GBP', price: '22.99' },
    ]);
    expect(fixedPriceDrafts()).toEqual([
      { currency: 'USD', price: '' },
      { currency: 'GBP', price: '' },
    ]);
  });

  it('sends every currency as typed, blank to follow the rate', () => {
    const drafts = [
      { currency: 'USD' as const, price: ' 1,029.5 ' },
      { currency: 'GBP' as const, price: '' },
    ];
    expect(fixedPricesInput(drafts)).toEqual([
      { currency: 'USD', price: '1029.5' },
      { currency: 'GBP', price: '' },
    ]);
    expect(fixedPricesChanged(drafts, [])).toBe(true);
    expect(
      fixedPricesChanged(fixedPriceDrafts([{ currency: 'USD', price: 100 }]), [{ currency: 'USD', price: 100 }]),
    ).toBe(false);
  });

  it('says what is wrong with a price before sending it', () => {
    expect(fixedPricesProblem(fixedPriceDrafts())).toBeNull();
    expect(fixedPricesProblem([{ currency: 'GBP', price: '22.999' }])).toBe(
      'The fixed price in GBP: "22.999" is not a valid amount: use pounds with at most two decimals, like 29.99',
    );
    expect(fixedPricesProblem([{ currency: 'USD', price: '-5' }])).toBe('The fixed price in USD cannot be negative.');
  });
});
