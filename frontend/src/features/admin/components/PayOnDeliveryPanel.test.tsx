import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONFIRM_REFUSED, PAYMENT_RECORDED } from './PayOnDeliveryPanel';
import { ORDER_ID, renderAdminOrder, sentBodies } from '../test/adminOrder';
import type { AdminOrder, Order } from '@/lib/types';
import { order } from '@/test/fixtures';
import { jsonResponse, mockFetch } from '@/test/utils';

afterEach(() => vi.restoreAllMocks());

/** A pay-on-delivery order of ₦170,000.50, shipped unless told: nothing paid yet, all to collect. */
function podOrder(overrides: Partial<Order> = {}): AdminOrder {
  const o = order({
    status: 'shipped',
    trackingNumber: 'GIG-4471-LOS',
    paymentMethod: 'pay_on_delivery',
    paymentChannel: null,
    paymentReference: 'POD-K7M2QX9A',
    toCollect: 17_000_050,
    ...overrides,
  });
  return {
    ...o,
    view: 'full',
    userId: 'u1',
    nextStatuses: o.status === 'shipped' ? ['delivered'] : o.status === 'placed' ? ['processing', 'cancelled'] : [],
    refundable: o.collectedAt ? o.totalAmount : 0,
    payLinks: [],
    skus: o.items.map(() => null),
    restockable: o.items.map((item) => item.quantity),
  };
}

/** The server: GET answers the order; collect and refuse change it as the contract says (or refuse with `refusal`). */
function server(start: Partial<Order> = {}, refusal?: string) {
  let current = podOrder(start);
  const fetch = mockFetch({
    [`/api/admin/orders/${ORDER_ID}`]: () => jsonResponse(current),
    [`POST /api/admin/orders/${ORDER_ID}/collect`]: (_url, init) => {
      if (refusal) return jsonResponse({ error: 'validation', message: refusal }, 400);
      const body = JSON.parse(init!.body as string) as { amount: string; method: 'cash' | 'transfer' | 'pos' };
      current = podOrder({
        ...current,
        toCollect: 0,
        collectedAt: Date.UTC(2025, 2, 7, 15),
        collectedAmount: Math.round(Number(body.amount) * 100),
        collectedBy: body.method,
      });
      return jsonResponse(current);
    },
    [`POST /api/admin/orders/${ORDER_ID}/refuse`]: () => {
      current = podOrder({ ...current, status: 'refused', toCollect: 0 });
      return jsonResponse(current);
    },
  });
  return fetch;
}

const panel = () => screen.findByRole('region', { name: 'Pay on delivery — ₦170,000.50 to collect' });

describe('the admin order: pay on delivery', () => {
  it('says what is to collect, and records the money: amount prefilled, how it came in', async () => {
    const fetch = server();
    renderAdminOrder();
    const pod = await panel();
    const amount = within(pod).getByLabelText<HTMLInputElement>('Amount received (₦)');
    expect(amount.value).toBe('170000.50');
    const by = within(pod).getByLabelText<HTMLSelectElement>('Paid by');
    expect(Array.from(by.options).map((o) => o.textContent)).toEqual(['Cash', 'Transfer', 'POS']);
    fireEvent.change(by, { target: { value: 'pos' } });
    const record = within(pod).getByRole('button', { name: 'Record payment' });
    fireEvent.click(record);
    fireEvent.click(record);

    const done = await screen.findByRole('region', { name: 'Pay on delivery — collected' });
    expect(within(done).getByText('Collected ₦170,000.50 by POS on 7 March 2025')).toBeTruthy();
    expect(within(done).getByRole('status').textContent).toBe(PAYMENT_RECORDED);
    // A double click records once.
    expect(sentBodies(fetch, 'POST')).toEqual([{ amount: '170000.50', method: 'pos' }]);
    expect(within(done).queryByRole('button', { name: 'Record payment' })).toBeNull();
  });

  it('marks it refused at delivery after confirmation; the units go back on sale', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const fetch = server();
    renderAdminOrder();
    const pod = await panel();
    fireEvent.click(within(pod).getByRole('button', { name: 'Refused at delivery' }));
    expect(confirm).toHaveBeenCalledWith(CONFIRM_REFUSED);
    expect(sentBodies(fetch, 'POST')).toHaveLength(0);
    fireEvent.click(within(pod).getByRole('button', { name: 'Refused at delivery' }));
    expect(await screen.findByText('Order marked as refused at delivery; its units are back on sale.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getAllByText('Refused at delivery')[0]!.className).toContain('status-badge--refused'),
    );
    expect(screen.getByText('The customer refused this order at delivery: nothing to collect.')).toBeTruthy();
    expect(screen.getByText('This order is refused at delivery: there is nothing more to do.')).toBeTruthy();
  });

  it('offers Refused at delivery only once it is out for delivery', async () => {
    server({ status: 'placed', trackingNumber: null });
    renderAdminOrder();
    const pod = await panel();
    expect(screen.getByText('Placed').className).toContain('status-badge--placed');
    expect(within(pod).getByRole('button', { name: 'Record payment' })).toBeTruthy();
    expect(within(pod).queryByRole('button', { name: 'Refused at delivery' })).toBeNull();
    expect(screen.getByText(/^Placed → Processing → Shipped/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark as processing' })).toBeTruthy();
  });

  it('checks the amount is one before asking, and shows the server refusal as it is', async () => {
    const refusal = 'The amount collected must be the order total, ₦170,000.50.';
    const fetch = server({}, refusal);
    renderAdminOrder();
    const pod = await panel();
    const amount = within(pod).getByLabelText('Amount received (₦)');
    fireEvent.change(amount, { target: { value: 'lots' } });
    fireEvent.click(within(pod).getByRole('button', { name: 'Record payment' }));
    expect(within(pod).getByRole('alert').textContent).toMatch(/^The amount: "lots" is not a valid price/);
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(sentBodies(fetch, 'POST')).toHaveLength(0);
    // Fixing the field clears the problem.
    fireEvent.change(amount, { target: { value: '170000' } });
    expect(within(pod).getByRole('alert').textContent).toBe('');
    fireEvent.click(within(pod).getByRole('button', { name: 'Record payment' }));
    expect(await within(pod).findByText(refusal)).toBeTruthy();
    expect(sentBodies(fetch, 'POST')).toEqual([{ amount: '170000', method: 'cash' }]);
  });

  it('"Pay at pickup" for an order picked up in store', async () => {
    server({ deliveryMethod: 'pickup', status: 'processing' });
    renderAdminOrder();
    expect(await screen.findByRole('region', { name: 'Pay at pickup — ₦170,000.50 to collect' })).toBeTruthy();
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(within(payment).getByText('Pay at pickup')).toBeTruthy();
  });

  it('a paid order has no such panel, and says how it was paid', async () => {
    mockFetch({
      [`/api/admin/orders/${ORDER_ID}`]: () =>
        jsonResponse({
          ...podOrder({ status: 'paid', paymentMethod: 'paystack', paymentChannel: 'bank_transfer', toCollect: 0 }),
          nextStatuses: ['processing', 'cancelled'],
        }),
    });
    renderAdminOrder();
    const payment = await screen.findByRole('region', { name: 'Payment' });
    expect(within(payment).getByText('Paid by bank transfer')).toBeTruthy();
    expect(screen.queryByRole('region', { name: /^Pay on delivery/ })).toBeNull();
  });
});
