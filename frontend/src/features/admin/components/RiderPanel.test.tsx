import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CODE_SENT, GIVEN, mayGoToRider, RiderPanel } from './RiderPanel';
import type { Delivery } from '@/lib/types';
import { jsonResponse, mockFetch, renderWithProviders, staffUser } from '@/test/utils';

const riders = [
  { id: 'r1', name: 'Musa Ali', phone: null, open: 0, out: 0, cashInHand: null, lastSettledAt: null },
  { id: 'r2', name: 'Tunde Bakare', phone: null, open: 1, out: 0, cashInHand: null, lastSettledAt: null },
];
const order = { id: 'o1', deliveryMethod: 'delivery', status: 'processing', shippedBy: null } as const;

describe('RiderPanel', () => {
  it('gives the order to a rider, then sends the customer a new code once he has left', async () => {
    let delivery: Delivery | null = null;
    const given: unknown[] = [];
    mockFetch({
      'GET /api/admin/riders': { riders },
      'GET /api/admin/orders/o1/delivery': () => jsonResponse({ delivery }),
      'PUT /api/admin/orders/o1/rider': (_url, init) => {
        given.push(JSON.parse(init!.body as string));
        delivery = {
          riderId: 'r2',
          riderName: 'Tunde Bakare',
          assignedAt: Date.now(),
          leftAt: Date.now(),
          deliveredAt: null,
          codeTries: 2,
        };
        return jsonResponse({ delivery });
      },
      'POST /api/admin/orders/o1/delivery-code': () => jsonResponse({ delivery: { ...delivery!, codeTries: 0 } }),
    });
    renderWithProviders(<RiderPanel order={{ ...order, status: 'shipped', shippedBy: 'rider' }} />, {
      session: { user: staffUser('packer') },
    });
    const card = await screen.findByRole('region', { name: 'Rider' });
    const select = await within(card).findByRole('combobox', { name: 'Rider' });
    await within(card).findByRole('option', { name: 'Tunde Bakare' });
    fireEvent.change(select, { target: { value: 'r2' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Give to rider' }));
    await within(card).findByText(GIVEN('Tunde Bakare'));
    expect(given).toEqual([{ riderId: 'r2' }]);
    expect(within(card).getByText('2 wrong codes tried at the door')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Send the customer a new code' }));
    await within(card).findByText(CODE_SENT);
  });

  it('is offered only for orders delivered to an address and still on their way', () => {
    expect(mayGoToRider(order)).toBe(true);
    expect(mayGoToRider({ ...order, deliveryMethod: 'pickup' })).toBe(false);
    expect(mayGoToRider({ ...order, status: 'delivered' })).toBe(false);
    expect(mayGoToRider({ ...order, status: 'shipped', shippedBy: 'courier' })).toBe(false);
    expect(mayGoToRider({ ...order, status: 'shipped', shippedBy: 'rider' })).toBe(true);
  });
});
