import { describe, expect, it } from 'vitest';
import { formatTwoDecimalPercent, formatWholePercent } from './progress';

describe('upload progress formatting', () => {
  it('rounds to a whole percent for products', () => {
    expect(formatWholePercent(0)).toBe('0%');
    expect(formatWholePercent(42.37)).toBe('42%');
    expect(formatWholePercent(42.5)).toBe('43%');
    expect(formatWholePercent(100)).toBe('100%');
  });

  it('shows two decimals for About Us', () => {
    expect(formatTwoDecimalPercent(42.3712)).toBe('42.37%');
    expect(formatTwoDecimalPercent(7)).toBe('7.00%');
    expect(formatTwoDecimalPercent(100)).toBe('100.00%');
  });

  it('stays between 0 and 100', () => {
    expect(formatWholePercent(-3)).toBe('0%');
    expect(formatWholePercent(140)).toBe('100%');
    expect(formatTwoDecimalPercent(Number.NaN)).toBe('0.00%');
  });
});
