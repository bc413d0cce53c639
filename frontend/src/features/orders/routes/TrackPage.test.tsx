import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import TrackPage, { TRACK_MISSING } from './TrackPage';
import type { TrackedOrder } from '@/lib/types';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';
import { orderLine } from '@/test/fixtures';

const tracked: TrackedOrder = {
  subtotal: 5_000_000,
  deliveryFee: 250_000,
  discount: 500_000,
  discountCode: 'FESTIVE10',
  deliveryMethod: 'delivery',
  deliveryEstimate: '1–2 working days',
  refunded: 0,
  refundPending: 0,
  refunds: [],
  paymentMethod: 'paystack',
  paid: 5_000_000 + 250_000 - 500_000,
  toCollect: 0,
  confirmation: null,
  number: 'K7M2QX9A',
  status: 'shipped',
  trackingNumber: 'GIG-4471-LOS',
  createdAt: Date.UTC(2026, 10, 1, 12),
  updatedAt: Date.UTC(2026, 10, 3, 12),
  items: [orderLine({ productId: 'oxford' })],
  totalAmount: 4_750_000,
  events: [
    { status: 'paid', at: Date.UTC(2026, 10, 1, 12) },
    { status: 'shipped', at: Date.UTC(2026, 10, 3, 12) },
  ],
  rider: null,
  shipment: null,
};

function fill(number: string, contact: string) {
  fireEvent.change(screen.getByLabelText('Order number'), { target: { value: number } });
  fireEvent.change(screen.getByLabelText('E-mail or phone number'), { target: { value: contact } });
  fireEvent.click(screen.getByRole('button', { name: 'Track Order' }));
}

describe('TrackPage', () => {
  it('needs both fields, then shows the status, tracking number, dates and items', async () => {
    const fetch = mockFetch({ '/api/orders/track': { order: tracked } });
    renderWithProviders(<TrackPage />, { path: '/track' });
    fireEvent.click(screen.getByRole('button', { name: 'Track Order' }));
    expect(screen.getByRole('alert').textContent).toBe(TRACK_MISSING);
    expect(document.activeElement).toBe(screen.getByLabelText('Order number'));
    expect(fetch).not.toHaveBeenCalled();

    fill(' k7m2qx9a ', ' Ada@Example.com ');
    const result = await screen.findByRole('region', { name: 'Order #K7M2QX9A' });
    expect(fetch.mock.calls[0]![0]).toBe('/api/orders/track?number=K7M2QX9A&email=ada%40example.com');
    expect(within(result).getByText('Shipped', { selector: '.status-badge' })).toBeTruthy();
    expect(within(result).getByText('GIG-4471-LOS')).toBeTruthy();
    expect(within(result).getByText('₦47,500.00', { selector: '.track__total *' })).toBeTruthy();
    expect(within(result).getByLabelText('Price of Order #K7M2QX9A').textContent).toContain('Discount (FESTIVE10)');
    expect(within(result).getByRole('list', { name: 'Items in Order #K7M2QX9A' }).textContent).toContain(
      'Oxford Brogue',
    );
    const steps = within(result).getByRole('list', { name: 'Progress' });
    expect(within(steps).getByText('Shipped').getAttribute('aria-current')).toBe('step');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says the server's message when nothing matches", async () => {
    mockFetch({
      '/api/orders/track': () =>
        jsonResponse(
          { error: 'not_found', message: "We couldn't find an order with that number and e-mail address." },
          404,
        ),
    });
    renderWithProviders(<TrackPage />, { path: '/track' });
    fill('ZZZZZZZZ', 'ada@example.com');
    expect((await screen.findByRole('alert')).textContent).toBe(
      "We couldn't find an order with that number and e-mail address.",
    );
    expect(screen.getByLabelText('Order number').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('a wrong number or e-mail stops being wrong once either field changes', async () => {
    mockFetch({
      '/api/orders/track': () => jsonResponse({ error: 'not_found', message: 'No such order.' }, 404),
    });
    renderWithProviders(<TrackPage />, { path: '/track' });
    fill('ZZZZZZZZ', 'ada@example.com');
    expect((await screen.findByRole('alert')).textContent).toBe('No such order.');
    fireEvent.change(screen.getByLabelText('E-mail or phone number'), { target: { value: 'ada@example.org' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Order number').getAttribute('aria-invalid')).toBeNull();
    // A missing field's message goes once that field is filled (not when the other changes).
    fireEvent.change(screen.getByLabelText('Order number'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Track Order' }));
    expect(screen.getByRole('alert').textContent).toBe(TRACK_MISSING);
    fireEvent.change(screen.getByLabelText('E-mail or phone number'), { target: { value: 'ada@example.com' } });
    expect(screen.getByRole('alert').textContent).toBe(TRACK_MISSING);
    fireEvent.change(screen.getByLabelText('Order number'), { target: { value: 'K' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a pay-on-delivery order: placed first in its steps, and what is left to pay when it arrives', async () => {
    mockFetch({
      '/api/orders/track': {
        order: {
          ...tracked,
          status: 'placed',
          trackingNumber: null,
          paymentMethod: 'pay_on_delivery',
          toCollect: 4_750_000,
        },
      },
    });
    renderWithProviders(<TrackPage />, { path: '/track' });
    fill('K7M2QX9A', 'ada@example.com');
    const result = await screen.findByRole('region', { name: 'Order #K7M2QX9A' });
    expect(within(result).getByText('Placed', { selector: '.status-badge' }).className).toContain(
      'status-badge--placed',
    );
    const steps = within(result).getByRole('list', { name: 'Progress' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Placed', 'Processing', 'Shipped', 'Delivered']);
    expect(within(steps).getByText('Placed').getAttribute('aria-current')).toBe('step');
    expect(within(result).getByText('Pay on delivery — ₦47,500.00 to pay when it arrives')).toBeTruthy();
  });

  it('an order refused at delivery shows no steps and nothing to pay', async () => {
    mockFetch({
      '/api/orders/track': {
        order: { ...tracked, status: 'refused', paymentMethod: 'pay_on_delivery', toCollect: 0 },
      },
    });
    renderWithProviders(<TrackPage />, { path: '/track' });
    fill('K7M2QX9A', 'ada@example.com');
    const result = await screen.findByRole('region', { name: 'Order #K7M2QX9A' });
    expect(within(result).getByText('Refused at delivery', { selector: '.status-badge' }).className).toContain(
      'status-badge--refused',
    );
    expect(within(result).queryByRole('list', { name: 'Progress' })).toBeNull();
    expect(within(result).queryByText(/to pay when it arrives/)).toBeNull();
  });

  it('finds an order by its phone, and tells its history with the rider who took it', async () => {
    const fetch = mockFetch({
      '/api/orders/track': {
        order: {
          ...tracked,
          trackingNumber: null,
          shippedBy: 'rider',
          rider: { rider: 'Tunde', leftAt: Date.UTC(2026, 10, 3, 9, 42) },
          events: [
            { status: 'placed', at: Date.UTC(2026, 10, 1, 12) },
            { status: 'processing', at: Date.UTC(2026, 10, 2, 12) },
            { status: 'shipped', at: Date.UTC(2026, 10, 3, 9, 42) },
          ],
        },
      },
    });
    renderWithProviders(<TrackPage />, { path: '/track' });
    fill('K7M2QX9A', '0803 555 0101');
    const result = await screen.findByRole('region', { name: 'Order #K7M2QX9A' });
    expect(fetch.mock.calls[0]![0]).toBe('/api/orders/track?number=K7M2QX9A&phone=0803%20555%200101');
    expect(within(result).getByText(/Tunde, our rider, left with your order at .*10:42/)).toBeTruthy();
    const history = within(result).getByRole('list', { name: 'What happened to your order' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.track__event')?.textContent),
    ).toEqual(['Out for delivery with Tunde', 'Being prepared', 'Order placed']);
  });

  it('an order with a courier: its name, tracking number and the steps it told, newest first', async () => {
    mockFetch({
      '/api/orders/track': {
        order: {
          ...tracked,
          shippedBy: 'courier',
          trackingNumber: 'SBX123456789',
          shipment: {
            courier: 'GIG Logistics',
            trackingCode: 'SBX123456789',
            trackingUrl: 'https://gig.example/track/SBX123456789',
            status: 'in_transit',
            events: [
              { status: 'booked', at: Date.UTC(2026, 10, 2, 9) },
              { status: 'picked_up', at: Date.UTC(2026, 10, 2, 14) },
              { status: 'in_transit', at: Date.UTC(2026, 10, 3, 8) },
            ],
          },
        },
      },
    });
    renderWithProviders(<TrackPage />, { path: '/track' });
    fill('K7M2QX9A', 'ada@example.com');
    const result = await screen.findByRole('region', { name: 'Order #K7M2QX9A' });
    expect(within(result).getByRole('heading', { name: 'With GIG Logistics' })).toBeTruthy();
    expect(within(result).getByRole('link', { name: 'Follow it on the courier’s site' }).getAttribute('href')).toBe(
      'https://gig.example/track/SBX123456789',
    );
    const told = within(result).getByRole('list', { name: 'What the courier told us' });
    expect(
      within(told)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.track__event')?.textContent),
    ).toEqual(['In transit', 'Picked up by the courier', 'Booked with the courier']);
  });

  it('an e-mail that is not one is refused before asking; anything without @ is a phone', async () => {
    const fetch = mockFetch({ '/api/orders/track': { order: tracked } });
    renderWithProviders(<TrackPage />, { path: '/track' });
    fill('K7M2QX9A', 'ada@example');
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address.');
    expect(fetch).not.toHaveBeenCalled();
  });
});
