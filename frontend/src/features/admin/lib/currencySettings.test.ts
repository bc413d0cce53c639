import { describe, expect, it } from 'vitest';
import { currenciesChange, currenciesChanged, currencyDrafts, type CurrencySetting } from './currencySettings';

/** What GET lists when nothing was set: both currencies, off. */
const SAVED: CurrencySetting[] = [
  { currency: 'GBP', enabled: false, rate: 200_000, rounding: 'ninetyNine' },
  { currency: 'USD', enabled: false, rate: 160_000, rounding: 'ninetyNine' },
];

describe('prices abroad settings', () => {
  it('edits each currency with its rate as naira, dollars first', () => {
    expect(currencyDrafts(SAVED)).toEqual([
      { currency: 'USD', enabled: false, rate: '1600', rounding: 'ninetyNine' },
      { currency: 'GBP', enabled: false, rate: '2000', rounding: 'ninetyNine' },
    ]);
  });

  it('sends every currency, the rate in kobo, when one changed; nothing otherwise', () => {
    const [usd, gbp] = currencyDrafts(SAVED);
    expect(currenciesChange([usd!, gbp!], SAVED)).toEqual({});
    expect(currenciesChanged([usd!, gbp!], SAVED)).toBe(false);

    const edited = [{ ...usd!, enabled: true, rate: '1,550.50', rounding: 'cent' as const }, gbp!];
    expect(currenciesChanged(edited, SAVED)).toBe(true);
    expect(currenciesChange(edited, SAVED)).toEqual({
      currencies: [
        { currency: 'USD', enabled: true, rate: 155_050, rounding: 'cent' },
        { currency: 'GBP', enabled: false, rate: 200_000, rounding: 'ninetyNine' },
      ],
    });
    // Typed differently ("1,600.00" for 1600): shown as a change, but nothing to send.
    const retyped = [{ ...usd!, rate: '1,600.00' }, gbp!];
    expect(currenciesChanged(retyped, SAVED)).toBe(true);
    expect(currenciesChange(retyped, SAVED)).toEqual({});
  });

  it('refuses a rate that is not an amount above nothing, naming its currency', () => {
    const [usd, gbp] = currencyDrafts(SAVED);
    expect(currenciesChange([usd!, { ...gbp!, rate: 'abc' }], SAVED)).toEqual({
      problem: 'The rate for GBP: "abc" is not a valid price: use naira with at most two decimals, like 25000.00',
      currency: 'GBP',
    });
    expect(currenciesChange([{ ...usd!, rate: '0' }, gbp!], SAVED)).toEqual({
      problem: 'The rate for USD must be more than ₦0.00.',
      currency: 'USD',
    });
    expect(currenciesChange([{ ...usd!, rate: '-1600' }, gbp!], SAVED)).toEqual({
      problem: 'The rate for USD cannot be negative.',
      currency: 'USD',
    });
  });
});
