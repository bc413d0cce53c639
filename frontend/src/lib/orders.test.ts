import { describe, expect, it } from 'vitest';
import {
  addressLines,
  awaitsConfirmation,
  confirmationText,
  isStopped,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  orderSteps,
  paidByText,
  toPayText,
} from './orders';

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

  it('still owed once delivered, until it is collected', () => {
    expect(toPayText({ ...pod, status: 'delivered' })).toBe('Pay on delivery — ₦87,550.00 not paid yet');
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

describe("a new customer's order waiting for confirmation", () => {
  const waiting = {
    status: 'placed' as const,
    confirmation: { channel: 'phone' as const, expiresAt: Date.UTC(2026, 10, 28, 11, 30), confirmedAt: null },
  };

  it('says who confirms it and by when (Lagos time)', () => {
    expect(awaitsConfirmation(waiting)).toBe(true);
    expect(confirmationText(waiting)).toMatch(
      /^We'll call you to confirm this order before we prepare it\. Unconfirmed by Sat,? 12:30/,
    );
    expect(confirmationText({ ...waiting, confirmation: { ...waiting.confirmation, channel: 'email' } })).toMatch(
      /^Confirm this order with the code we e-mailed you\./,
    );
  });

  it('says nothing once confirmed, cancelled, or for an order that needs none', () => {
    expect(confirmationText({ ...waiting, confirmation: { ...waiting.confirmation, confirmedAt: 1 } })).toBeNull();
    expect(confirmationText({ ...waiting, status: 'cancelled' })).toBeNull();
    expect(confirmationText({ status: 'placed', confirmation: null })).toBeNull();
  });
});

describe('the address as lines', () => {
  it('ends with the landmark when there is one, and leaves out an empty postal code', () => {
    const address = { street: '14 Adeola Odeku', city: 'Victoria Island', state: 'Lagos', country: 'Nigeria' };
    expect(addressLines({ ...address, postalCode: '', landmark: ' Opposite Shoprite ' })).toEqual([
      '14 Adeola Odeku',
      'Victoria Island, Lagos',
      'Nigeria',
      'Landmark: Opposite Shoprite',
    ]);
    expect(addressLines({ ...address, postalCode: '101241', landmark: '' })).toEqual([
      '14 Adeola Odeku',
      'Victoria Island, Lagos 101241',
      'Nigeria',
    ]);
  });
});
