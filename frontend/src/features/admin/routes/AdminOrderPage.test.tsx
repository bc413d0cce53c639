import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CONFIRM_CANCEL_NO_REFUND } from './AdminOrderPage';
import { NOTHING_TO_REFUND } from '../components/RefundPanel';
import {
  ABROAD,
  NEXT,
  ORDER_ID,
  fullOrder,
  packingOrder,
  refund,
  renderAdminOrder,
  sentBodies,
} from '../test/adminOrder';
import type { Order, OrderStatus, ShippedBy } from '@/lib/types';
import { order } from '@/test/fixtures';
import { jsonResponse, mockFetch, staffUser, termRows } from '@/test/utils';

/** The server: GET answers the current order, PATCH moves it (and checks the tracking number). */
function server(start: Partial<Order> = {}) {
  let current = fullOrder(start);
  const fetch = mockFetch({
    [`/api/admin/orders/${ORDER_ID}`]: () => jsonResponse(current),
    [`PATCH /api/admin/orders/${ORDER_ID}`]: (_url, init) => {
      const body = JSON.parse(init!.body as string) as {
        status: OrderStatus;
        trackingNumber?: string;
        shippedBy?: ShippedBy;
        refund?: boolean;
      };
      if (!NEXT[current.status].includes(body.status)) {
        return jsonResponse(
          { error: 'conflict', message: `An order that is ${current.status} cannot become ${body.status}.` },
          409,
        );
      }
      const left = current.refundable;
      current = fullOrder({
        ...current,
        status: body.status,
        trackingNumber: body.trackingNumber ?? current.trackingNumber,
        shippedBy: body.shippedBy ?? current.shippedBy,
        ...(body.refund
          ? {
              refundPending: current.refundPending + left,
              refunds: [...current.refunds, refund({ amount: left, reason: 'Order cancelled' })],
            }
          : {}),
      });
      return jsonResponse(current);
    },
  });
  return fetch;
}

const patches = (fetch: ReturnType<typeof mockFetch>) => sentBodies(fetch, 'PATCH');

/** The price lines of the order, as [term, amount]. */
const breakdown = () => termRows(document, '.order-breakdown > div');

describe('admin order detail', () => {
  it('shows the items, customer, address and payment reference', async () => {
    server();
    renderAdminOrder();
    expect((await screen.findByText('Paid')).className).toContain('status-badge--paid');
    expect(screen.getByRole('heading', { name: 'Items (3)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Oxford Brogue' }).getAttribute('href')).toBe('/product/oxford-brogue');
    expect(screen.getByText('Size: 42 · Colour: Black')).toBeTruthy();
    expect(breakdown()).toEqual([
      ['Subtotal', '₦170,000.50'],
      ['Delivery', 'Free'],
      ['Total', '₦170,000.50'],
    ]);
    expect(screen.getByRole('link', { name: 'ada@example.com' }).getAttribute('href')).toBe('mailto:ada@example.com');
    expect(screen.getByRole('link', { name: '+234 803 000 0000' }).getAttribute('href')).toBe('tel:+2348030000000');
    expect(screen.getByText('Lagos Island, Lagos 101001')).toBeTruthy();
    expect(screen.getByText('ANK-ref123')).toBeTruthy();
    expect(screen.getByText('None yet')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Order #K7M2QX9A' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '← All orders' }).getAttribute('href')).toBe('/admin/orders');
  });

  it('breaks the total down: delivery with its estimate, the discount with its code', async () => {
    server({
      subtotal: 5_000_000,
      deliveryFee: 250_000,
      deliveryEstimate: '1–2 working days',
      discount: 500_000,
      discountCode: 'SUMMER10',
      totalAmount: 4_750_000,
    });
    renderAdminOrder();
    await screen.findByText('Paid');
    expect(breakdown()).toEqual([
      ['Subtotal', '₦50,000.00'],
      ['Delivery (1–2 working days)', '₦2,500.00'],
      ['Discount (SUMMER10)', '−₦5,000.00'],
      ['Total', '₦47,500.00'],
    ]);
    expect(screen.getByRole('heading', { name: 'Delivery address' })).toBeTruthy();
  });

  it('shows an order paid in pounds: each line charged in pounds beside its naira, and the rate', async () => {
    const fetch = server(ABROAD);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderAdminOrder();
    await screen.findByText('Paid');
    // The books stay in naira.
    expect(breakdown()).toEqual([
      ['Subtotal', '₦160,000.00'],
      ['Delivery', '₦30,000.00'],
      ['Total', '₦190,000.00'],
    ]);
    const table = screen.getByRole('table', { name: 'Charged in British pounds (GBP) at ₦2,000.00 per £1' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => Array.from(row.children, (cell) => cell.textContent)),
    ).toEqual([
      ['Line', 'GBP', 'Naira'],
      ['Oxford Brogue × 2', '£40.00', '₦80,000.00'],
      ['Heritage Chronograph × 1', '£40.00', '₦80,000.00'],
      ['Subtotal', '£80.00', '₦160,000.00'],
      ['Delivery', '£15.00', '₦30,000.00'],
      ['Total', '£95.00', '₦190,000.00'],
    ]);
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(within(payment).getByText('£95.00 (₦190,000.00)')).toBeTruthy();
    // Cancelling refunds in pounds, and says so.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel and refund £95.00' }));
    expect(confirm.mock.calls[0]![0]).toBe(
      'Cancel this order and refund £95.00 to the customer? The customer will see it as cancelled. This cannot be undone.',
    );
    expect(await screen.findByText('Order cancelled; a refund of £95.00 was sent to Paystack.')).toBeTruthy();
    expect(patches(fetch)).toEqual([{ status: 'cancelled', refund: true }]);
  });

  it('shows no charge abroad for an order in naira', async () => {
    server();
    renderAdminOrder();
    await screen.findByText('Paid');
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Payment' })).getByText('₦170,000.50')).toBeTruthy();
  });

  it('shows an order picked up in store as such', async () => {
    server({ deliveryMethod: 'pickup', deliveryFee: 0 });
    renderAdminOrder();
    await screen.findByText('Paid');
    expect(breakdown()[1]).toEqual(['Pick up in store', 'Free']);
    expect(screen.getByRole('heading', { name: 'Customer address' })).toBeTruthy();
    expect(screen.getByText('Picks the order up in store: nothing to deliver.')).toBeTruthy();
  });

  it('moves a paid order to processing, then shipped with a tracking number, then delivered', async () => {
    const fetch = server();
    renderAdminOrder();
    const processing = await screen.findByRole('button', { name: 'Mark as processing' });
    // Cancelling (and its refund) is a panel of its own, apart from fulfilment.
    const status = screen.getByRole('region', { name: 'Update status' });
    expect(within(status).queryByRole('checkbox')).toBeNull();
    expect(within(status).queryByRole('button', { name: /Cancel/ })).toBeNull();
    const cancelPanel = screen.getByRole('region', { name: 'Cancel order' });
    expect(within(cancelPanel).getByRole('button', { name: 'Cancel and refund ₦170,000.50' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark as shipped' })).toBeNull();
    // A double click sends once.
    fireEvent.click(processing);
    fireEvent.click(processing);
    expect(await screen.findByText('Order marked as processing.')).toBeTruthy();
    expect(patches(fetch)).toEqual([{ status: 'processing' }]);
    expect(screen.getByText('Processing').className).toContain('status-badge--processing');

    // Shipping needs a tracking number.
    const ship = screen.getByRole('button', { name: 'Mark as shipped' });
    fireEvent.click(ship);
    const tracking = screen.getByLabelText('Tracking number');
    const alerts = await within(screen.getByRole('region', { name: 'Update status' })).findAllByRole('alert');
    expect(alerts.map((a) => a.textContent).filter(Boolean)).toEqual(['Please enter a tracking number.']);
    // Said once, under the field.
    expect(screen.getAllByText('Please enter a tracking number.')).toHaveLength(1);
    expect(document.activeElement).toBe(tracking);
    expect(tracking.getAttribute('aria-invalid')).toBe('true');
    expect(patches(fetch)).toHaveLength(1);
    // It goes once the field changes.
    fireEvent.change(tracking, { target: { value: ' GIG-4471-LOS ' } });
    expect(screen.queryByText('Please enter a tracking number.')).toBeNull();
    expect(tracking.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(ship);
    expect(await screen.findByText('Order marked as shipped.')).toBeTruthy();
    expect(patches(fetch)[1]).toEqual({ status: 'shipped', trackingNumber: 'GIG-4471-LOS', shippedBy: 'courier' });
    expect(screen.getByText('GIG-4471-LOS')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Cancel order' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Mark as delivered' }));
    expect(await screen.findByText('Order marked as delivered.')).toBeTruthy();
    expect(screen.getByText('This order is delivered: there is nothing more to do.')).toBeTruthy();
  });

  it("ships with the shop's own rider without a tracking number", async () => {
    const fetch = server({ status: 'processing' });
    renderAdminOrder();
    const rider = await screen.findByRole('radio', { name: 'Our own rider' });
    fireEvent.click(rider);
    expect(screen.getByLabelText('Tracking number (optional)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark as shipped' }));
    expect(await screen.findByText('Order marked as shipped.')).toBeTruthy();
    expect(patches(fetch)).toEqual([{ status: 'shipped', shippedBy: 'rider' }]);
    const shipping = screen.getByRole('region', { name: 'Shipping' });
    expect(within(shipping).getByText('Our own rider')).toBeTruthy();
    expect(within(shipping).getByText('None (our own rider)')).toBeTruthy();
  });

  it('shows a packer what packing and shipping need, and no money, refund, cancelling, receipt or e-mail', async () => {
    const fetch = mockFetch({
      [`/api/admin/orders/${ORDER_ID}`]: packingOrder({ status: 'processing' }),
      [`PATCH /api/admin/orders/${ORDER_ID}`]: () =>
        jsonResponse(packingOrder({ status: 'shipped', trackingNumber: 'GIG-1', shippedBy: 'courier' })),
    });
    renderAdminOrder(staffUser('packer'));
    expect(await screen.findByRole('heading', { name: 'Items (3)' })).toBeTruthy();
    expect(screen.getByText('Size: 42 · Colour: Black')).toBeTruthy();
    expect(screen.getAllByText('Quantity 2').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: '+234 803 000 0000' })).toBeTruthy();
    expect(screen.getByText('Lagos Island, Lagos 101001')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Packing slip' })).toBeTruthy();
    // Nothing the role may not do, and nothing it may not see.
    for (const gone of ['Print receipt', 'ada@example.com', 'ANK-ref123', '₦170,000.50', '₦25,000.00']) {
      expect(screen.queryByText(gone, { exact: false })).toBeNull();
    }
    for (const region of ['Cancel order', 'Refund', 'Payment', 'Pay on delivery', 'Pay links']) {
      expect(screen.queryByRole('region', { name: region })).toBeNull();
    }
    expect(screen.queryByRole('button', { name: /Cancel|Refund/ })).toBeNull();
    fireEvent.change(screen.getByLabelText('Tracking number'), { target: { value: 'GIG-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mark as shipped' }));
    expect(await screen.findByText('Order marked as shipped.')).toBeTruthy();
    expect(sentBodies(fetch, 'PATCH')).toEqual([{ status: 'shipped', trackingNumber: 'GIG-1', shippedBy: 'courier' }]);
  });

  it('cancels and refunds in full only after confirmation', async () => {
    const fetch = server();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderAdminOrder();
    const cancelAndRefund = await screen.findByRole('button', { name: 'Cancel and refund ₦170,000.50' });
    fireEvent.click(cancelAndRefund);
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(confirm.mock.calls[0]![0]).toBe(
      'Cancel this order and refund ₦170,000.50 to the customer? The customer will see it as cancelled. This cannot be undone.',
    );
    expect(patches(fetch)).toHaveLength(0);
    fireEvent.click(cancelAndRefund);
    expect(await screen.findByText('Order cancelled; a refund of ₦170,000.50 was sent to Paystack.')).toBeTruthy();
    expect(patches(fetch)).toEqual([{ status: 'cancelled', refund: true }]);
    expect(screen.getByText('Cancelled').className).toContain('status-badge--cancelled');
    // The refund shows as pending, with nothing left to refund.
    const history = screen.getByRole('list', { name: 'History' });
    expect(within(history).getByText('Order cancelled')).toBeTruthy();
    expect(within(history).getByText('Pending')).toBeTruthy();
    expect(screen.getByText(NOTHING_TO_REFUND)).toBeTruthy();
  });

  it('cancels without a refund, confirmed as such', async () => {
    const fetch = server();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderAdminOrder();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel without refund' }));
    expect(confirm.mock.calls[0]![0]).toBe(CONFIRM_CANCEL_NO_REFUND);
    expect(await screen.findByText('Order marked as cancelled.')).toBeTruthy();
    expect(patches(fetch)).toEqual([{ status: 'cancelled' }]);
    expect(screen.getByRole('button', { name: 'Refund' })).toBeTruthy();
  });

  it('offers no refund on cancelling an order already refunded in full', async () => {
    server({ refunded: 17_000_050, refunds: [refund({ amount: 17_000_050, status: 'processed' })] });
    renderAdminOrder();
    await screen.findByRole('button', { name: 'Cancel order' });
    expect(screen.queryByRole('button', { name: /Cancel and refund/ })).toBeNull();
    expect(screen.getByText(NOTHING_TO_REFUND)).toBeTruthy();
  });

  it('shows the server message when a change is refused', async () => {
    mockFetch({
      [`/api/admin/orders/${ORDER_ID}`]: fullOrder(),
      [`PATCH /api/admin/orders/${ORDER_ID}`]: () =>
        jsonResponse({ error: 'conflict', message: 'An order that is cancelled cannot become processing.' }, 409),
    });
    renderAdminOrder();
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as processing' }));
    const alert = await screen.findByText('An order that is cancelled cannot become processing.');
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Mark as processing' }).disabled).toBe(false),
    );
  });

  it('says "Order not found." for an unknown id', async () => {
    mockFetch({});
    renderAdminOrder();
    expect(await screen.findByText('Order not found.')).toBeTruthy();
    expect(within(screen.getByRole('alert')).getByText('Order not found.')).toBeTruthy();
  });
});

describe('admin order: oversold', () => {
  it('warns that the order was paid after its items sold out', async () => {
    server({ oversold: true });
    renderAdminOrder();
    const warning = await screen.findByText(/Paid after its items sold out/);
    expect(warning.textContent).toBe('Oversold. Paid after its items sold out — restock or refund the customer.');
    expect(warning.getAttribute('role')).toBe('alert');
    expect(screen.getByText('Oversold', { selector: '.admin-oversold-badge' })).toBeTruthy();
  });

  it('says nothing of it otherwise', async () => {
    server();
    renderAdminOrder();
    await screen.findByRole('heading', { name: 'Customer' });
    expect(screen.queryByText(/Oversold/)).toBeNull();
    expect(screen.queryByText(/Code over/)).toBeNull();
  });
});

describe('admin order: a code over its limit', () => {
  it('flags an order paid with a code whose uses had run out', async () => {
    server({ codeOverLimit: true, discountCode: 'ONCE5K', discount: 500_000 });
    renderAdminOrder();
    const note = await screen.findByText(/whose uses had run out/);
    expect(note.textContent).toBe(
      'Code over its limit. The customer paid with a code whose uses had run out: honour the discount, or settle it with them.',
    );
    const badge = screen.getByText('Code over limit', { selector: '.admin-code-badge' });
    expect(badge.getAttribute('title')).toBe(
      'Code over its limit — the customer paid with a code whose uses had run out',
    );
    expect(screen.queryByText('Oversold')).toBeNull();
  });
});

describe('a pay-on-delivery order', () => {
  const pod = {
    paymentMethod: 'pay_on_delivery' as const,
    paymentChannel: null,
    paid: 0,
    paidOnline: 0,
    toCollect: 17_000_050,
    balance: 17_000_050,
  };

  it("waits for the shop's call, then may be prepared; nothing paid, so no refund panel", async () => {
    let current = {
      ...fullOrder({ ...pod, status: 'placed' }),
      refundable: 0,
      confirmation: {
        channel: 'phone' as const,
        expiresAt: Date.UTC(2026, 10, 28, 11, 30),
        confirmedAt: null as number | null,
      },
    };
    const fetch = mockFetch({
      [`/api/admin/orders/${ORDER_ID}`]: () => jsonResponse(current),
      [`POST /api/admin/orders/${ORDER_ID}/confirm`]: () => {
        current = { ...current, confirmation: { ...current.confirmation, confirmedAt: Date.UTC(2026, 10, 27, 12) } };
        return jsonResponse(current);
      },
    });
    renderAdminOrder();
    const waiting = await screen.findByRole('region', { name: 'Awaiting confirmation' });
    expect(within(waiting).getByRole('link', { name: order().customerPhone })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Refunds' })).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Payment' })).getByText('₦0.00')).toBeTruthy();
    fireEvent.click(within(waiting).getByRole('button', { name: 'Confirmed by phone' }));
    expect(await screen.findByText('Order confirmed: it can be prepared now.')).toBeTruthy();
    await screen.findByRole('region', { name: 'Order confirmed' });
    expect(screen.queryByRole('button', { name: 'Confirmed by phone' })).toBeNull();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });

  it('is not done when delivered: its money is still to collect, with the form', async () => {
    server({ ...pod, status: 'delivered' });
    renderAdminOrder();
    const panel = await screen.findByRole('region', { name: 'Pay on delivery — ₦170,000.50 to collect' });
    expect(within(panel).getByRole('button', { name: 'Record payment' })).toBeTruthy();
    expect(screen.getByText(/is delivered, but its money is still to collect/)).toBeTruthy();
    expect(screen.queryByText(/there is nothing more to do/)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Refunds' })).toBeNull();
  });
});
