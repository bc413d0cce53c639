import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import OrdersPage from './OrdersPage';
import TrackPage from './TrackPage';
import { order, refund } from '@/test/fixtures';
import { customer, mockFetch, renderWithProviders } from '@/test/utils';

const refunded = order({
  status: 'delivered',
  refunded: 2_000_000,
  refundPending: 550_050,
  refunds: [
    refund(),
    refund({
      id: 'refund-2',
      amount: 550_050,
      reason: 'Delivery fee back',
      status: 'pending',
      createdAt: Date.UTC(2025, 2, 12, 9),
      updatedAt: Date.UTC(2025, 2, 12, 9),
    }),
    refund({ id: 'refund-3', amount: 100_000, reason: '', status: 'failed', updatedAt: Date.UTC(2025, 2, 13, 9) }),
  ],
});

/** The "Refunded ₦X" / "Refund pending ₦Y" line by the total, matched on its whole text. */
const amountLine = (text: string) => (_: string, element: Element | null) =>
  element?.classList.contains('refund-amount') === true && element.textContent === text;

function renderOrders(orders = [refunded]) {
  mockFetch({ '/api/orders': { orders }, 'POST /api/orders/seen': { counts: { bag: 0, saved: 0, newOrders: 0 } } });
  return renderWithProviders(<OrdersPage />, { path: '/myorders', session: { user: customer } });
}

describe('My Orders refunds and review links', () => {
  it('shows "Refunded ₦X" and "Refund pending ₦Y" by the total, and each refund with amount, status and date', async () => {
    renderOrders();
    const card = await screen.findByRole('article', { name: 'Order #K7M2QX9A' });
    const total = within(card).getByText('Total').nextElementSibling as HTMLElement;
    expect(within(total).getByText('₦170,000.50')).toBeTruthy();
    expect(within(total).getByText(amountLine('Refunded ₦20,000.00'))).toBeTruthy();
    expect(within(total).getByText(amountLine('Refund pending ₦5,500.50'))).toBeTruthy();

    const list = within(card).getByRole('list', { name: 'Refunds of Order #K7M2QX9A' });
    const lines = within(list).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      '₦20,000.00RefundedOne pair arrived damaged9 March 2025',
      '₦5,500.50PendingDelivery fee back12 March 2025',
      '₦1,000.00Failed13 March 2025',
    ]);
    expect(within(lines[0]!).getByText('Refunded').className).toContain('refund-status--processed');
  });

  it('shows no refund lines on an order without refunds', async () => {
    renderOrders([order({ status: 'delivered' })]);
    const card = await screen.findByRole('article', { name: 'Order #K7M2QX9A' });
    expect(card.querySelector('.refund-amount')).toBeNull();
    expect(within(card).queryByRole('list', { name: /^Refunds of/ })).toBeNull();
  });

  it('offers "Write a review" for each line of a delivered order whose product is still sold', async () => {
    const delivered = order({
      status: 'delivered',
      items: [...order().items, { ...order().items[0]!, productId: null, name: 'Retired Loafer' }],
    });
    renderOrders([delivered]);
    const card = await screen.findByRole('article', { name: 'Order #K7M2QX9A' });
    const links = within(card).getAllByRole('link', { name: /^Write a review/ });
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Write a review of Oxford Brogue', '/product/oxford-brogue#reviews'],
      ['Write a review of Heritage Chronograph', '/product/heritage-watch#reviews'],
    ]);
  });

  it('offers no review links before delivery', async () => {
    renderOrders([order({ status: 'shipped', trackingNumber: 'GIG-1' })]);
    const card = await screen.findByRole('article', { name: 'Order #K7M2QX9A' });
    expect(within(card).queryByRole('link', { name: /^Write a review/ })).toBeNull();
  });
});

describe('Tracking page refunds', () => {
  it('shows what was refunded by the total and each refund', async () => {
    const { items, number, status, trackingNumber, createdAt, updatedAt, totalAmount, subtotal } = refunded;
    mockFetch({
      '/api/orders/track': {
        order: {
          ...{ items, number, status, trackingNumber, createdAt, updatedAt, totalAmount, subtotal },
          deliveryFee: 0,
          discount: 0,
          discountCode: null,
          deliveryMethod: 'delivery',
          deliveryEstimate: null,
          refunded: refunded.refunded,
          refundPending: 0,
          refunds: [refund()],
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
    expect(within(result).getByText(amountLine('Refunded ₦20,000.00'))).toBeTruthy();
    expect(result.querySelector('.refund-amount--pending')).toBeNull();
    expect(
      within(within(result).getByRole('list', { name: 'Refunds of Order #K7M2QX9A' })).getByText('Refunded'),
    ).toBeTruthy();
    expect(within(result).getAllByRole('link', { name: /^Write a review/ })).toHaveLength(2);
  });
});
