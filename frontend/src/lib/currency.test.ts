import { afterEach, describe, expect, it } from 'vitest';
import { chooseCurrency, currencyFor, currencyOfLanguage, suggestedCurrency } from './currency';
import { CURRENCY_KEY, rememberedCurrency, showCurrency } from './shownCurrency';

afterEach(() => {
  window.localStorage.removeItem(CURRENCY_KEY);
  showCurrency('NGN');
});

describe('currencyOfLanguage', () => {
  it("reads the region of the browser's language", () => {
    expect(currencyOfLanguage('en-GB')).toBe('GBP');
    expect(currencyOfLanguage('en-gb')).toBe('GBP');
    expect(currencyOfLanguage('en-US')).toBe('USD');
    expect(currencyOfLanguage('es-US')).toBe('USD');
    expect(currencyOfLanguage('zh-Hant-US')).toBe('USD');
  });

  it('suggests nothing for another region or none', () => {
    expect(currencyOfLanguage('en-NG')).toBeNull();
    expect(currencyOfLanguage('en')).toBeNull();
    expect(currencyOfLanguage('fr-FR')).toBeNull();
    expect(currencyOfLanguage(undefined)).toBeNull();
  });
});

describe('suggestedCurrency', () => {
  it('suggests the currency of her region when the shop offers it and she never chose', () => {
    expect(suggestedCurrency('en-GB', ['USD', 'GBP'], null)).toBe('GBP');
    expect(suggestedCurrency('en-GB', ['USD'], null)).toBeNull();
    expect(suggestedCurrency('en-GB', ['GBP'], 'NGN')).toBeNull();
    expect(suggestedCurrency('en-GB', ['GBP'], 'GBP')).toBeNull();
  });
});

describe('currencyFor', () => {
  it('keeps a remembered currency the shop offers, else naira', () => {
    expect(currencyFor('GBP', ['GBP'])).toBe('GBP');
    expect(currencyFor('GBP', ['USD'])).toBe('NGN');
    expect(currencyFor('GBP', [])).toBe('NGN');
    expect(currencyFor('NGN', [])).toBe('NGN');
    expect(currencyFor(null, ['USD'])).toBe('NGN');
  });
});

describe('chooseCurrency', () => {
  it('remembers the choice, naira included', () => {
    chooseCurrency('USD');
    expect(rememberedCurrency()).toBe('USD');
    chooseCurrency('NGN');
    expect(window.localStorage.getItem(CURRENCY_KEY)).toBe('NGN');
  });
});
