// Issue 41 §2: an order paid in pounds shows what it charged in pounds, its naira equivalent once,
// and its refunds in pounds.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import OrdersPage from './OrdersPage';
import TrackPage from './TrackPage';
import { nairaEquivalentText } from '@/lib/orders';
import { order, orderLine, refund } from '@/test/fixtures';
import { customer, mockFetch, renderWithProviders, termRows } from '@/test/utils';

const inPounds = order({
  status: 'delivered',
  items: [orderLine({ name: 'Adire Dress', price: 4_000_000, quantity: 2, priceAbroad: 1999 })],
  subtotal: 7_996_000,
  deliveryFee: 2_400_000,
  deliveryEstimate: '5–7 working days',
  totalAmount: 10_396_000,
  charged: { currency: 'GBP', subtotal: 3998, delivery: 1200, discount: 0, total: 5198, rate: 200_000 },
  refunded: 2_400_000,
  refunds: [refund({ amount: 2_400_000, reason: 'Delivery back', amountAbroad: 1200 })],
});

describe('an order paid in pounds', () => {
  it('says the naira equivalent at the rate it was charged at', () => {
    expect(nairaEquivalentText(10_396_000, { currency: 'GBP', rate: 200_000 })).toBe('₦103,960.00 at ₦2,000.00 per £1');
    expect(nairaEquivalentText(160_000, { currency: 'USD', rate: 160_000 })).toBe('₦1,600.00 at ₦1,600.00 per $1');
  });

  it('on My Orders: its total, lines, breakdown and refunds in pounds, and the naira once', async () => {
    mockFetch({
      '/api/orders': { orders: [inPounds] },
      'POST /api/orders/seen': { counts: { bag: 0, saved: 0, newOrders: 0 } },
    });
    renderWithProviders(<OrdersPage />, { path: '/myorders', session: { user: customer } });
    const card = await screen.findByRole('article', { name: 'Order #K7M2QX9A' });
    const total = card.querySelector('.order-card__facts')!.querySelector('dd:has(.order-card__total)') as HTMLElement;
    expect(total.textContent).toBe('£51.98₦103,960.00 at ₦2,000.00 per £1Refunded £12.00');
    expect(within(total).getByText('£51.98').getAttribute('data-currency')).toBe('GBP');
    expect(card.textContent?.match(/per £1/g)).toHaveLength(1);

    const items = within(card).getByRole('list', { name: 'Items in Order #K7M2QX9A' });
    expect(items.textContent).toContain('2 × £19.99');
    expect(items.textContent).toContain('£39.98');
    expect(termRows(card, '.breakdown > div')).toEqual([
      ['Subtotal', '£39.98'],
      ['Delivery', '£12.00'],
      ['Total', '£51.98'],
    ]);
    const refunds = within(card).getByRole('list', { name: 'Refunds of Order #K7M2QX9A' });
    expect(within(refunds).getAllByRole('listitem')[0]!.textContent).toContain('£12.00Refunded');
  });

  it('on the tracking page: the total in pounds and the naira equivalent', async () => {
    const { items, number, status, trackingNumber, createdAt, updatedAt, totalAmount, subtotal, charged } = inPounds;
    mockFetch({
      '/api/orders/track': {
        order: {
          ...{ items, number, status, trackingNumber, createdAt, updatedAt, totalAmount, subtotal, charged },
          deliveryFee: inPounds.deliveryFee,
          discount: 0,
          discountCode: null,
          deliveryMethod: 'delivery',
          deliveryEstimate: '5–7 working days',
          refunded: 0,
          refundPending: 0,
          refunds: [],
          events: [],
          rider: null,
        },
      },
    });
    renderWithProviders(<TrackPage />, { path: '/track' });
    fireEvent.change(screen.getByLabelText('Order number'), { target: { value: 'K7M2QX9A' } });
    fireEvent.change(screen.getByLabelText('E-mail or phone number'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Track Order' }));
    const result = await screen.findByRole('region', { name: 'Order #K7M2QX9A' });
    const total = result.querySelector('.track__total') as HTMLElement;
    expect(total.textContent).toBe('£51.98₦103,960.00 at ₦2,000.00 per £1');
    expect(within(result).getByRole('list', { name: 'Items in Order #K7M2QX9A' }).textContent).toContain('£39.98');
  });
});
