import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CODE_SENT, CONFIRMED, GIVEN, GIVEN_BY_LINK, mayGoToRider, REASON_MISSING, RiderPanel } from './RiderPanel';
import type { Delivery } from '@/lib/types';
import { jsonResponse, mockFetch, renderWithProviders, staffUser } from '@/test/utils';

const riders = [
  {
    id: 'r1',
    name: 'Musa Ali',
    phone: null,
    link: false,
    open: 0,
    out: 0,
    toReview: 0,
    cashInHand: null,
    lastSettledAt: null,
  },
  {
    id: 'r2',
    name: 'Tunde Bakare',
    phone: null,
    link: false,
    open: 1,
    out: 0,
    toReview: 0,
    cashInHand: null,
    lastSettledAt: null,
  },
];
const order = {
  id: 'o1',
  number: 'K7M2QX9A',
  deliveryMethod: 'delivery',
  status: 'processing',
  shippedBy: null,
} as const;

const base: Delivery = {
  riderId: 'r2',
  riderName: 'Tunde Bakare',
  riderPhone: null,
  byLink: false,
  linkExpiresAt: null,
  assignedAt: Date.now(),
  leftAt: null,
  deliveredAt: null,
  proof: null,
  codeTries: 0,
  photo: null,
  photoAt: null,
  photoPaidBy: null,
  rejectedReason: null,
};

describe('RiderPanel', () => {
  it('gives the order to a rider, then sends the customer a new code once he has left', async () => {
    let delivery: Delivery | null = null;
    const given: unknown[] = [];
    mockFetch({
      'GET /api/admin/riders': { riders },
      'GET /api/admin/orders/o1/delivery': () => jsonResponse({ delivery }),
      'PUT /api/admin/orders/o1/rider': (_url, init) => {
        given.push(JSON.parse(init!.body as string));
        delivery = { ...base, leftAt: Date.now(), codeTries: 2 };
        return jsonResponse({ delivery, link: null });
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

  it('gives the order by link to someone without an account, with a WhatsApp message', async () => {
    const given: unknown[] = [];
    mockFetch({
      'GET /api/admin/riders': { riders },
      'GET /api/admin/orders/o1/delivery': () => jsonResponse({ delivery: null }),
      'PUT /api/admin/orders/o1/rider': (_url, init) => {
        given.push(JSON.parse(init!.body as string));
        const delivery = { ...base, riderId: 'link-1', riderName: 'Sule', riderPhone: '+2348061112222', byLink: true };
        return jsonResponse({ delivery, link: 'https://shop.example/ride/TOKEN123' });
      },
    });
    renderWithProviders(<RiderPanel order={order} />, { session: { user: staffUser('packer') } });
    const card = await screen.findByRole('region', { name: 'Rider' });
    await within(card).findByRole('option', { name: 'Tunde Bakare' });
    fireEvent.change(within(card).getByRole('combobox', { name: 'Rider' }), { target: { value: '__link__' } });
    fireEvent.change(within(card).getByLabelText('His name'), { target: { value: 'Sule' } });
    fireEvent.change(within(card).getByLabelText('His phone (WhatsApp)'), { target: { value: '0806 111 2222' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Give by link' }));
    await within(card).findByText(GIVEN_BY_LINK('Sule'));
    expect(given).toEqual([{ riderId: null, link: { name: 'Sule', phone: '0806 111 2222' } }]);
    expect(within(card).getByDisplayValue('https://shop.example/ride/TOKEN123')).toBeTruthy();
    const share = within(card).getByRole('link', { name: 'Send on WhatsApp' }).getAttribute('href')!;
    expect(share.startsWith('https://wa.me/2348061112222?text=')).toBe(true);
    expect(decodeURIComponent(share)).toContain('order #K7M2QX9A');
  });

  it('shows a handover photo waiting for review; a manager confirms or rejects it with a reason', async () => {
    const reviewed: unknown[] = [];
    let delivery: Delivery = {
      ...base,
      leftAt: Date.now(),
      photoAt: Date.now(),
      photoPaidBy: 'cash',
      photo: { url: '/media/deliveries/o1/abc-480.jpg', srcset: '', webpSrcset: '', width: 480, height: 640 },
    };
    mockFetch({
      'GET /api/admin/riders': { riders },
      'GET /api/admin/orders/o1/delivery': () => jsonResponse({ delivery }),
      'POST /api/admin/orders/o1/delivery/review': (_url, init) => {
        reviewed.push(JSON.parse(init!.body as string));
        delivery = { ...delivery, deliveredAt: Date.now(), proof: 'photo' };
        return jsonResponse({ delivery });
      },
    });
    renderWithProviders(<RiderPanel order={{ ...order, status: 'shipped', shippedBy: 'rider' }} />, {
      session: { user: staffUser('manager') },
    });
    const card = await screen.findByRole('region', { name: 'Rider' });
    expect(
      (await within(card).findByRole('img', { name: 'Handover photo of order #K7M2QX9A' })).getAttribute('src'),
    ).toBe('/media/deliveries/o1/abc-480.jpg');
    expect(within(card).getByText(/waiting for review/)).toBeTruthy();
    expect(within(card).getByText('The rider says the customer paid by cash.')).toBeTruthy();
    const review = within(card).getByRole('group', { name: 'Review the photo' });
    fireEvent.click(within(review).getByRole('button', { name: 'Reject the photo' }));
    expect(within(review).getByRole('alert').textContent).toBe(REASON_MISSING);
    fireEvent.click(within(review).getByRole('button', { name: 'Confirm delivery' }));
    await within(card).findByText(/confirmed from his photo/);
    expect(reviewed).toEqual([{ confirm: true, reason: null }]);
    expect(CONFIRMED).toBe('Delivered: confirmed from the photo.');
  });

  it('offers no review to a packer', async () => {
    const delivery: Delivery = { ...base, leftAt: Date.now(), photoAt: Date.now() };
    mockFetch({
      'GET /api/admin/riders': { riders },
      'GET /api/admin/orders/o1/delivery': () => jsonResponse({ delivery }),
    });
    renderWithProviders(<RiderPanel order={{ ...order, status: 'shipped', shippedBy: 'rider' }} />, {
      session: { user: staffUser('packer') },
    });
    const card = await screen.findByRole('region', { name: 'Rider' });
    await within(card).findByText(/waiting for review/);
    expect(within(card).queryByRole('group', { name: 'Review the photo' })).toBeNull();
  });

  it('is offered only for orders delivered to an address and still on their way', () => {
    expect(mayGoToRider(order)).toBe(true);
    expect(mayGoToRider({ ...order, deliveryMethod: 'pickup' })).toBe(false);
    expect(mayGoToRider({ ...order, status: 'delivered' })).toBe(false);
    expect(mayGoToRider({ ...order, status: 'shipped', shippedBy: 'courier' })).toBe(false);
    expect(mayGoToRider({ ...order, status: 'shipped', shippedBy: 'rider' })).toBe(true);
  });
});
