import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatMoney, formatNaira } from './money';

describe('formatNaira', () => {
  it('formats kobo as naira with the sign, thousands separators and two decimals', () => {
    expect(formatNaira(2_500_000)).toBe('₦25,000.00');
    expect(formatNaira(1_999_999)).toBe('₦19,999.99');
    expect(formatNaira(0)).toBe('₦0.00');
    expect(formatNaira(5)).toBe('₦0.05');
    expect(formatNaira(99)).toBe('₦0.99');
    expect(formatNaira(100)).toBe('₦1.00');
    expect(formatNaira(123_456)).toBe('₦1,234.56');
    expect(formatNaira(100_000_000)).toBe('₦1,000,000.00');
    expect(formatNaira(123_456_789_012)).toBe('₦1,234,567,890.12');
  });

  it('uses integer arithmetic, so values that trip floats stay exact', () => {
    // 0.1 + 0.2 style traps: 1005 kobo is ₦10.05, not ₦10.04 or ₦10.049999.
    expect(formatNaira(1005)).toBe('₦10.05');
    expect(formatNaira(2_999_999_999_999)).toBe('₦29,999,999,999.99');
    expect(formatNaira(Number.MAX_SAFE_INTEGER)).toBe('₦90,071,992,547,409.91');
  });

  it('keeps a minus sign in front of the naira sign', () => {
    expect(formatNaira(-150)).toBe('-₦1.50');
  });
});

describe('formatMoney', () => {
  it('formats pence and cents with the currency sign, thousands separators and two decimals', () => {
    expect(formatMoney(2299, 'GBP')).toBe('£22.99');
    expect(formatMoney(123_400, 'USD')).toBe('$1,234.00');
    expect(formatMoney(5, 'USD')).toBe('$0.05');
    expect(formatMoney(0, 'GBP')).toBe('£0.00');
    expect(formatMoney(123_456_789, 'GBP')).toBe('£1,234,567.89');
    expect(formatMoney(-150, 'USD')).toBe('-$1.50');
  });

  it('formats naira as formatNaira does', () => {
    for (const kobo of [0, 5, 2_500_000, 1_999_999, -150]) {
      expect(formatMoney(kobo, 'NGN')).toBe(formatNaira(kobo));
    }
    expect(formatMoney(2_500_000, 'NGN')).toBe('₦25,000.00');
  });
});

describe('formatDate', () => {
  it('uses the en-NG locale (day before month)', () => {
    expect(formatDate(Date.UTC(2025, 2, 5, 12))).toMatch(/^5 March 2025$/);
  });
  it('writes what the en-NG long date format writes, without building one', () => {
    const locale = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'long', year: 'numeric' });
    for (let month = 0; month < 12; month++) {
      const ms = new Date(2026, month, 1 + month * 2, 23, 30).getTime();
      expect(formatDate(ms)).toBe(locale.format(ms));
    }
  });
});

describe('formatCount', () => {
  it('groups whole numbers by thousands as en-NG does, without a number format', () => {
    for (const n of [0, 7, 999, 1000, 12345, 1234567, -4500]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-NG'));
    }
    expect(formatCount(1234567)).toBe('1,234,567');
  });
});
