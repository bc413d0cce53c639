import { describe, expect, it } from 'vitest';
import {
  CASH_SHORT,
  GIFT_CARD_CODE,
  GIFT_CARD_OFFLINE,
  tenderLabel,
  changeOf,
  leftToAssign,
  mustAddUp,
  ONE_PAY_LINK,
  PAY_LINK_OFFLINE,
  parsePercent,
  staffDiscount,
  tenderProblem,
  totalFromRefusal,
  totalsOf,
  TRANSFER_NOT_ARRIVED,
} from './totals';

describe('the counter sums, in kobo as the server does them', () => {
  it('adds price × quantity and takes the staff percent off rounded down', () => {
    const lines = [
      { price: 2_500_000, quantity: 2 },
      { price: 333_333, quantity: 1 },
    ];
    expect(totalsOf(lines, 0)).toEqual({ subtotal: 5_333_333, discount: 0, total: 5_333_333 });
    // 10 % of 5,333,333 is 533,333.3: the discount is 533,333 kobo, never a fraction.
    expect(totalsOf(lines, 10)).toEqual({ subtotal: 5_333_333, discount: 533_333, total: 4_800_000 });
    expect(staffDiscount(999, 33)).toBe(329);
    expect(staffDiscount(1000, 0)).toBe(0);
    expect(staffDiscount(1000, 2.5)).toBe(0);
  });

  it('uses the total the server named for a discount code instead of the percent', () => {
    expect(totalsOf([{ price: 5_000_000, quantity: 1 }], 10, 4_500_000)).toEqual({
      subtotal: 5_000_000,
      discount: 500_000,
      total: 4_500_000,
    });
    expect(totalFromRefusal('The payments must add up to the total, ₦45,000.00.')).toBe(4_500_000);
    expect(totalFromRefusal('The payments must add up to the total, ₦1,234,567.89.')).toBe(123_456_789);
    expect(totalFromRefusal('Only 1 of Ankara Wrap Dress (M, Red) left.')).toBeNull();
  });

  it('reads a staff percent from 0 to 100', () => {
    expect(parsePercent('')).toBe(0);
    expect(parsePercent(' 15 ')).toBe(15);
    expect(parsePercent('100')).toBe(100);
    expect(parsePercent('101')).toBeNaN();
    expect(parsePercent('2.5')).toBeNaN();
    expect(parsePercent('-3')).toBeNaN();
  });

  it('shows what is left to assign and the change to give', () => {
    const tenders = [
      { method: 'cash' as const, amount: 4_500_000, tendered: 5_000_000 },
      { method: 'transfer' as const, amount: 400_000 },
    ];
    expect(leftToAssign(tenders, 5_000_000)).toBe(100_000);
    expect(leftToAssign(tenders, 4_800_000)).toBe(-100_000);
    expect(changeOf(tenders)).toBe(500_000);
    expect(changeOf([{ method: 'cash', amount: 100, tendered: 50 }])).toBe(0);
  });

  it('refuses payments the server would refuse, before sending', () => {
    const total = 4_500_000;
    expect(tenderProblem([{ method: 'cash', amount: total, tendered: total }], total, true)).toBeNull();
    expect(tenderProblem([{ method: 'cash', amount: total, tendered: total - 1 }], total, true)).toBe(CASH_SHORT);
    expect(tenderProblem([{ method: 'cash', amount: total }], total, true)).toBe(CASH_SHORT);
    expect(
      tenderProblem(
        [
          { method: 'cash', amount: 4_000_000, tendered: 4_000_000 },
          { method: 'transfer', amount: 400_000, arrived: true },
        ],
        total,
        true,
      ),
    ).toBe(mustAddUp(total));
    expect(mustAddUp(total)).toBe('The payments must add up to the total, ₦45,000.00.');
    expect(tenderProblem([{ method: 'transfer', amount: total, arrived: false }], total, true)).toBe(
      TRANSFER_NOT_ARRIVED,
    );
    expect(tenderProblem([{ method: 'transfer', amount: total, arrived: true }], total, false)).toBeNull();
    expect(tenderProblem([{ method: 'pay_link', amount: total }], total, false)).toBe(PAY_LINK_OFFLINE);
    expect(
      tenderProblem(
        [
          { method: 'pay_link', amount: 1 },
          { method: 'pay_link', amount: total - 1 },
        ],
        total,
        true,
      ),
    ).toBe(ONE_PAY_LINK);
    expect(tenderProblem([{ method: 'cash', amount: Number.NaN, tendered: 1 }], total, true)).toBe(mustAddUp(total));
  });
});

describe('gift cards', () => {
  it('need the internet and their code', () => {
    const card = { method: 'gift_card' as const, amount: 1000, code: 'ABCD-WXYZ' };
    expect(tenderProblem([card], 1000, true)).toBeNull();
    expect(tenderProblem([card], 1000, false)).toBe(GIFT_CARD_OFFLINE);
    expect(tenderProblem([{ ...card, code: '  ' }], 1000, true)).toBe(GIFT_CARD_CODE);
    expect(tenderProblem([{ method: 'gift_card', amount: 1000 }], 1000, true)).toBe(GIFT_CARD_CODE);
  });

  it('are named on the receipt by their last four', () => {
    expect(tenderLabel({ method: 'gift_card', last4: 'WXYZ' })).toBe('Gift card ••••WXYZ');
    expect(tenderLabel({ method: 'gift_card', last4: null })).toBe('Gift card');
    expect(tenderLabel({ method: 'cash', last4: null })).toBe('Cash');
  });
});
