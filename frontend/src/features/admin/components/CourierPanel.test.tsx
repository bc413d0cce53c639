import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BOOKED, BOOKING_CANCELLED, CourierPanel, mayBookCourier } from './CourierPanel';
import type { Shipment } from '@/lib/types';
import { jsonResponse, mockFetch, renderWithProviders, staffUser } from '@/test/utils';

const order = { id: 'o1', deliveryMethod: 'delivery', status: 'paid', shippedBy: null, balance: 0 } as const;

function booked(overrides: Partial<Shipment> = {}): Shipment {
  return {
    id: 'SB-1',
    courier: 'GIG Logistics (sandbox)',
    trackingCode: 'SBX123456789',
    trackingUrl: null,
    labelUrl: null,
    fee: null,
    status: 'booked',
    bookedAt: Date.now(),
    events: [{ status: 'booked', at: Date.now() }],
    ...overrides,
  };
}

describe('CourierPanel', () => {
  it('books the cheapest courier in one click, shows its steps and label, and cancels before pickup', async () => {
    let shipment: Shipment | null = null;
    const moves: unknown[] = [];
    mockFetch({
      'GET /api/admin/orders/o1/delivery': { delivery: null },
      'GET /api/admin/orders/o1/shipment': () => jsonResponse({ shipment, sandbox: true }),
      'POST /api/admin/orders/o1/shipment': () => {
        shipment = booked();
        return jsonResponse({ shipment });
      },
      'POST /api/sandbox/courier/parcels/SB-1/move': (_url, init) => {
        moves.push(JSON.parse(init!.body as string));
        shipment = booked({
          status: 'picked_up',
          events: [...shipment!.events, { status: 'picked_up', at: Date.now() }],
        });
        return jsonResponse({ status: 'picked_up', shopAnswered: 200 });
      },
      'POST /api/admin/orders/o1/shipment/cancel': () => {
        shipment = booked({ status: 'cancelled' });
        return jsonResponse({ shipment });
      },
    });
    renderWithProviders(<CourierPanel order={order} />, { session: { user: staffUser('packer') } });
    const card = await screen.findByRole('region', { name: 'Courier' });
    fireEvent.click(await within(card).findByRole('button', { name: 'Book with a courier' }));
    await within(card).findByText(BOOKED('GIG Logistics (sandbox)', 'SBX123456789'));
    expect(within(card).getByRole('link', { name: 'Print the label' }).getAttribute('href')).toBe(
      '/admin/orders/o1/label',
    );
    expect(within(card).queryByText(/Costs/)).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel the booking' }));
    await within(card).findByText(BOOKING_CANCELLED);
    await within(card).findByText('The booking with GIG Logistics (sandbox) (SBX123456789) was cancelled.');
    expect(moves).toEqual([]);
  });

  it('moves a sandbox parcel as the courier would, and the steps follow', async () => {
    let shipment: Shipment = booked({ fee: 450_000 });
    mockFetch({
      'GET /api/admin/orders/o1/delivery': { delivery: null },
      'GET /api/admin/orders/o1/shipment': () => jsonResponse({ shipment, sandbox: true }),
      'POST /api/sandbox/courier/parcels/SB-1/move': () => {
        shipment = {
          ...shipment,
          status: 'picked_up',
          events: [...shipment.events, { status: 'picked_up', at: Date.now() }],
        };
        return jsonResponse({ status: 'picked_up', shopAnswered: 200 });
      },
    });
    renderWithProviders(<CourierPanel order={{ ...order, status: 'processing' }} />, {
      session: { user: staffUser('owner') },
    });
    const card = await screen.findByRole('region', { name: 'Courier' });
    await within(card).findByText('Costs ₦4,500.00');
    const steps = within(card).getByRole('list', { name: 'What the courier told' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(1);
    fireEvent.click(
      within(within(card).getByRole('group', { name: 'Test courier' })).getByRole('button', { name: 'Picked up' }),
    );
    await within(card).findByText('The test courier says: Picked up.');
    await within(steps).findByText('Picked up');
    expect(within(card).queryByRole('button', { name: 'Cancel the booking' })).toBeNull();
  });

  it('is offered only for paid orders going to an address', () => {
    expect(mayBookCourier(order)).toBe(true);
    expect(mayBookCourier({ ...order, deliveryMethod: 'pickup' })).toBe(false);
    expect(mayBookCourier({ ...order, balance: 500_000 })).toBe(false);
    expect(mayBookCourier({ ...order, status: 'shipped' })).toBe(false);
    expect(mayBookCourier({ ...order, status: 'cancelled' })).toBe(false);
  });
});
