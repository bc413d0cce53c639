import { describe, expect, it } from 'vitest';
import { isStopped, ORDER_STATUS_LABELS, ORDER_STATUSES, orderSteps, paidByText, toPayText } from './orders';

describe('order statuses', () => {
  it('name placed and refused, in the order an order moves', () => {
    expect(ORDER_STATUSES.map((s) => ORDER_STATUS_LABELS[s])).toEqual([
      'Placed',
      'Paid',
      'Processing',
      'Shipped',
      'Delivered',
      'Cancelled',
      'Refused at delivery',
    ]);
    expect(isStopped('refused')).toBe(true);
    expect(isStopped('cancelled')).toBe(true);
    expect(isStopped('placed')).toBe(false);
  });

  it('steps: a pay-on-delivery order starts placed, even once paid for; any other paid', () => {
    expect(orderSteps({ status: 'placed' })).toEqual(['placed', 'processing', 'shipped', 'delivered']);
    expect(orderSteps({ status: 'delivered', paymentMethod: 'pay_on_delivery' })[0]).toBe('placed');
    expect(orderSteps({ status: 'shipped', paymentMethod: 'paystack' })[0]).toBe('paid');
    expect(orderSteps({ status: 'paid' })[0]).toBe('paid');
  });
});

describe('what is left to pay', () => {
  const pod = { paymentMethod: 'pay_on_delivery' as const, toCollect: 8_755_000, status: 'shipped' as const };

  it('"Pay on delivery — ₦X to pay when it arrives", or at pickup', () => {
    expect(toPayText(pod)).toBe('Pay on delivery — ₦87,550.00 to pay when it arrives');
    expect(toPayText({ ...pod, deliveryMethod: 'pickup' })).toBe(
      'Pay at pickup — ₦87,550.00 to pay when you pick it up',
    );
  });

  it('nothing once collected, refused or cancelled, nor for an order paid through Paystack', () => {
    expect(toPayText({ ...pod, toCollect: 0 })).toBeNull();
    expect(toPayText({ ...pod, status: 'refused' })).toBeNull();
    expect(toPayText({ ...pod, status: 'cancelled' })).toBeNull();
    expect(toPayText({ ...pod, paymentMethod: 'paystack' })).toBeNull();
    expect(toPayText({ status: 'paid' })).toBeNull();
  });

  it('says how Paystack was paid', () => {
    expect(paidByText('bank_transfer')).toBe('Paid by bank transfer');
    expect(paidByText('ussd')).toBe('Paid by USSD');
    expect(paidByText('card')).toBe('Paid by card');
    expect(paidByText('apple_pay')).toBe('Paid by apple pay');
    expect(paidByText(null)).toBeNull();
  });
});
