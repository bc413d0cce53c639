import { describe, expect, it } from 'vitest';
import {
  REFUND_AMOUNT_INVALID,
  REFUND_AMOUNT_NEGATIVE,
  REFUND_AMOUNT_REQUIRED,
  REFUND_AMOUNT_ZERO,
  REFUND_REASON_REQUIRED,
  REFUND_REASON_TOO_LONG,
  nairaToKobo,
  normalizeNaira,
  refundAmountProblem,
  refundReasonProblem,
} from './refund';

describe('refund amount', () => {
  it('reads naira into kobo exactly', () => {
    expect(nairaToKobo('12500')).toBe(1_250_000);
    expect(nairaToKobo('12500.5')).toBe(1_250_050);
    expect(nairaToKobo(' 12,500.05 ')).toBe(1_250_005);
    expect(nairaToKobo('0.01')).toBe(1);
    expect(nairaToKobo('1999999.99')).toBe(199_999_999);
    for (const bad of ['', '-5', '12.345', '1,2345', '₦100', '1e3', '12.', '.5', 'abc', '12 500']) {
      expect(nairaToKobo(bad)).toBeNull();
    }
  });

  it('sends it without thousands separators', () => {
    expect(normalizeNaira(' 12,500.50 ')).toBe('12500.50');
  });

  it('must be positive, with at most two decimals, and at most what is refundable', () => {
    const refundable = 1_250_000;
    expect(refundAmountProblem('', refundable)).toBe(REFUND_AMOUNT_REQUIRED);
    expect(refundAmountProblem('   ', refundable)).toBe(REFUND_AMOUNT_REQUIRED);
    expect(refundAmountProblem('-100', refundable)).toBe(REFUND_AMOUNT_NEGATIVE);
    expect(refundAmountProblem('-1x', refundable)).toBe(REFUND_AMOUNT_INVALID);
    expect(refundAmountProblem('100.123', refundable)).toBe(REFUND_AMOUNT_INVALID);
    expect(refundAmountProblem('0', refundable)).toBe(REFUND_AMOUNT_ZERO);
    expect(refundAmountProblem('0.00', refundable)).toBe(REFUND_AMOUNT_ZERO);
    expect(refundAmountProblem('12500.01', refundable)).toBe('Enter an amount of at most ₦12,500.00.');
    expect(refundAmountProblem('12500', refundable)).toBeNull();
    expect(refundAmountProblem('12,500.00', refundable)).toBeNull();
    expect(refundAmountProblem('0.01', refundable)).toBeNull();
  });
});

describe('refund reason', () => {
  it('is required and at most 300 characters', () => {
    expect(refundReasonProblem('')).toBe(REFUND_REASON_REQUIRED);
    expect(refundReasonProblem('  ')).toBe(REFUND_REASON_REQUIRED);
    expect(refundReasonProblem('x'.repeat(301))).toBe(REFUND_REASON_TOO_LONG);
    expect(refundReasonProblem('x'.repeat(300))).toBeNull();
    expect(refundReasonProblem('Size 42 sold out')).toBeNull();
  });
});

describe('refund amount abroad', () => {
  it('checks an amount in the order’s currency, in its words', () => {
    expect(refundAmountProblem('25.50', 9_500, 'GBP')).toBeNull();
    expect(refundAmountProblem('95', 9_500, 'GBP')).toBeNull();
    expect(refundAmountProblem('95.01', 9_500, 'GBP')).toBe('Enter an amount of at most £95.00.');
    expect(refundAmountProblem('0', 9_500, 'USD')).toBe('The refund amount must be more than $0.00.');
    expect(refundAmountProblem('1.005', 9_500, 'USD')).toBe(
      'Enter the amount in dollars with at most two decimals, like 25.50.',
    );
    expect(refundAmountProblem('-1', 9_500, 'GBP')).toBe(REFUND_AMOUNT_NEGATIVE);
    expect(refundAmountProblem(' ', 9_500, 'GBP')).toBe(REFUND_AMOUNT_REQUIRED);
  });
});
