import { describe, expect, it } from 'vitest';
import {
  activeFilters,
  chosenOptionsSearch,
  filterChips,
  filtersFromParams,
  listingKey,
  NO_FILTERS,
  parseNaira,
  withFilters,
} from './listing';
import { compareAtProblem, COMPARE_AT_NOT_ABOVE, nairaToKobo, percentOff } from './money';

describe('listing filters in the address', () => {
  it('reads them leniently and writes them back in one order', () => {
    const f = filtersFromParams(
      new URLSearchParams('q=shoe&maxPrice=20000&minPrice=60000&color=Black&inStock=true&size=42&onSale=yes&junk=1'),
    );
    // Prices the wrong way round are swapped; anything but "true" is off.
    expect(f).toEqual({ size: '42', color: 'Black', minPrice: 20000, maxPrice: 60000, inStock: true, onSale: false });
    expect(withFilters(new URLSearchParams('q=shoe&sort=price-asc&junk=1'), f).toString()).toBe(
      'q=shoe&sort=price-asc&junk=1&size=42&color=Black&minPrice=20000&maxPrice=60000&inStock=true',
    );
    expect(activeFilters(f)).toBe(4);
    expect(withFilters(new URLSearchParams('size=42&q=x'), NO_FILTERS).toString()).toBe('q=x');
  });

  it('says each filter in force as a chip that removes it alone', () => {
    const f = filtersFromParams(new URLSearchParams('size=42&color=Black&maxPrice=60000&inStock=true&onSale=true'));
    const chips = filterChips(f);
    expect(chips.map((c) => c.label)).toEqual(['Size 42', 'Black', 'Up to ₦60,000.00', 'In stock', 'On sale']);
    expect(chips.map((c) => activeFilters(c.without))).toEqual([4, 4, 4, 4, 4]);
    expect(chips[2]!.without).toEqual({ ...f, maxPrice: null });
    expect(filterChips({ ...NO_FILTERS, minPrice: 20000, maxPrice: 60000 })[0]!.label).toBe('₦20,000.00 – ₦60,000.00');
    expect(filterChips({ ...NO_FILTERS, minPrice: 20000 })[0]!.label).toBe('From ₦20,000.00');
    expect(filterChips(NO_FILTERS)).toEqual([]);
  });

  it('carries the size and colour chosen, and only those, to a product page', () => {
    const f = filtersFromParams(new URLSearchParams('size=42&color=Navy Blue&maxPrice=60000'));
    expect(chosenOptionsSearch(f)).toBe('?size=42&color=Navy+Blue');
    expect(chosenOptionsSearch({ ...NO_FILTERS, onSale: true })).toBe('');
  });

  it('never asks for what the server would refuse', () => {
    const f = filtersFromParams(new URLSearchParams(`minPrice=-5&maxPrice=abc&size=${'x'.repeat(41)}&color=%20`));
    expect(f).toEqual(NO_FILTERS);
    expect(parseNaira('₦60,000.75')).toBe(60000);
    expect(parseNaira('100000001')).toBeNull();
  });

  it('keys equal lists alike, whatever the case', () => {
    const a = filtersFromParams(new URLSearchParams('color=black&size=m'));
    const b = filtersFromParams(new URLSearchParams('size=M&color=BLACK'));
    expect(listingKey(a, 'newest')).toBe(listingKey(b, 'newest'));
    expect(listingKey(a, 'newest')).not.toBe(listingKey(a, 'price-asc'));
  });
});

describe('sale prices', () => {
  it('says the whole percentage off, never more than given', () => {
    expect(percentOff(4_000_000, 5_000_000)).toBe(20);
    expect(percentOff(3_999_999, 4_999_999)).toBe(20);
    expect(percentOff(6_700, 10_000)).toBe(33);
    expect(percentOff(5_000_000, 5_000_000)).toBe(0);
    expect(percentOff(5_000_000, null)).toBe(0);
  });

  it('checks a compare-at price an admin typed against the price', () => {
    expect(nairaToKobo('49,999.9')).toBe(4_999_990);
    expect(nairaToKobo('1.234')).toBeNull();
    expect(compareAtProblem('40000', '')).toBeNull();
    expect(compareAtProblem('40000', '50000')).toBeNull();
    expect(compareAtProblem('40000', '40000.00')).toBe(COMPARE_AT_NOT_ABOVE);
    expect(compareAtProblem('40000', 'soon')).toMatch(/^Enter the compare-at price/);
  });
});
