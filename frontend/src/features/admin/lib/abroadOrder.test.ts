import { describe, expect, it } from 'vitest';
import { chargedAbroad, rateLine, refundAmountText, refundsAbroad } from './abroadOrder';
import { GBP_CHARGE, refund } from '../test/adminOrder';

describe('an order paid abroad', () => {
  it('is one with a charge in dollars or pounds', () => {
    expect(chargedAbroad({ charged: null })).toBeNull();
    expect(chargedAbroad({ charged: { ...GBP_CHARGE, currency: 'NGN' } })).toBeNull();
    expect(chargedAbroad({ charged: GBP_CHARGE })).toEqual(GBP_CHARGE);
    expect(rateLine(GBP_CHARGE)).toBe('₦2,000.00 per £1');
    expect(rateLine({ currency: 'USD', rate: 160_050 })).toBe('₦1,600.50 per $1');
  });

  it('counts its refunds in its currency: processed, pending, and what is left (failed ones free theirs)', () => {
    const refunds = [
      refund({ status: 'processed', amountAbroad: 1_000 }),
      refund({ status: 'pending', amountAbroad: 500 }),
      refund({ status: 'failed', amountAbroad: 300 }),
    ];
    expect(refundsAbroad({ refunds, refundable: 1 }, GBP_CHARGE)).toEqual({
      refunded: 1_000,
      pending: 500,
      left: 8_000,
    });
    // Nothing is left when the naira side says so (a refund by hand, a cancelled payment).
    expect(refundsAbroad({ refunds, refundable: 0 }, GBP_CHARGE).left).toBe(0);
    expect(refundsAbroad({ refunds: [], refundable: 1 }, { total: 0 }).left).toBe(0);
  });

  it('reads a refund in its currency with its naira, or in naira', () => {
    expect(refundAmountText(refund({ amount: 5_100_000, amountAbroad: 2_550 }), 'GBP')).toBe('£25.50 (₦51,000.00)');
    expect(refundAmountText(refund({ amount: 500_000 }), null)).toBe('₦5,000.00');
  });
});
