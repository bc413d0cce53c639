import { describe, expect, it } from 'vitest';
import { amountProblem, convertExample, minorToText, rateText, textToMinor } from './moneyAbroad';
import { formatMoney } from '@/lib/money';

describe('money abroad', () => {
  it('formats minor units with the currency sign, grouped, two decimals; naira as everywhere', () => {
    expect(formatMoney(2299, 'GBP')).toBe('£22.99');
    expect(formatMoney(123_400, 'USD')).toBe('$1,234.00');
    expect(formatMoney(5, 'USD')).toBe('$0.05');
    expect(formatMoney(-500, 'GBP')).toBe('-£5.00');
    expect(formatMoney(2_500_000, 'NGN')).toBe('₦25,000.00');
  });

  it('reads amounts as typed exactly and writes them back with two decimals', () => {
    expect(textToMinor('29.99')).toBe(2999);
    expect(textToMinor(' 1,200.5 ')).toBe(120_050);
    expect(textToMinor('12')).toBe(1200);
    expect(textToMinor('1.999')).toBeNull();
    expect(textToMinor('£12')).toBeNull();
    expect(minorToText(2999)).toBe('29.99');
    expect(minorToText(3000)).toBe('30.00');
    expect(minorToText(5)).toBe('0.05');
    expect(rateText(160_000)).toBe('1600');
    expect(rateText(160_050)).toBe('1600.50');
  });

  it('says what is wrong with an amount in the currency’s words', () => {
    expect(amountProblem('29.99', 'fee', 'USD')).toBeNull();
    expect(amountProblem('-3', 'fee for Canada', 'USD')).toBe('The fee for Canada cannot be negative.');
    expect(amountProblem('12.345', 'fee', 'GBP')).toBe(
      'The fee: "12.345" is not a valid amount: use pounds with at most two decimals, like 29.99',
    );
    expect(amountProblem('', 'fee', 'USD')).toContain('use dollars');
  });

  it('works out the example by each rounding rule, exactly', () => {
    // ₦25,000.00 at ₦1,600.00 to the dollar is $15.625.
    expect(convertExample(2_500_000, 160_000, 'cent')).toBe(1563);
    expect(convertExample(2_500_000, 160_000, 'ninetyNine')).toBe(1599);
    expect(convertExample(2_500_000, 160_000, 'whole')).toBe(1600);
    // ₦25,000.00 at ₦2,000.00 to the pound is £12.50.
    expect(convertExample(2_500_000, 200_000, 'cent')).toBe(1250);
    expect(convertExample(2_500_000, 200_000, 'ninetyNine')).toBe(1299);
    expect(convertExample(2_500_000, 200_000, 'whole')).toBe(1300);
    // The nearest .99 may be below: £12.20 is nearer £11.99 than £12.99.
    expect(convertExample(2_440_000, 200_000, 'ninetyNine')).toBe(1199);
    // Never below the smallest price of its rule.
    expect(convertExample(10_000, 200_000, 'ninetyNine')).toBe(99);
    expect(convertExample(10_000, 200_000, 'whole')).toBe(100);
    expect(convertExample(2_500_000, 0, 'cent')).toBe(0);
  });
});
