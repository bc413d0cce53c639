import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bulkSummary, BulkRider, CHOOSE_RIDER } from './BulkRider';
import { jsonResponse, mockFetch, renderWithProviders, staffUser } from '@/test/utils';

const riders = [
  {
    id: 'r2',
    name: 'Tunde Bakare',
    phone: null,
    link: false,
    open: 0,
    out: 0,
    toReview: 0,
    cashInHand: null,
    lastSettledAt: null,
  },
  {
    id: 'link-1',
    name: 'Sule',
    phone: '+2348061112222',
    link: true,
    open: 1,
    out: 0,
    toReview: 0,
    cashInHand: null,
    lastSettledAt: null,
  },
];
const row = (id: string, number: string, over: object = {}) => ({
  id,
  number,
  customerName: `Customer ${number}`,
  deliveryMethod: 'delivery' as const,
  status: 'processing' as const,
  shippedBy: null,
  ...over,
});

describe('BulkRider', () => {
  it('gives the ticked orders to one rider and lists those that could not go, with why', async () => {
    const asked: unknown[] = [];
    mockFetch({
      'GET /api/admin/riders': { riders },
      'POST /api/admin/riders/r2/orders': (_url, init) => {
        asked.push(JSON.parse(init!.body as string));
        return jsonResponse({
          results: [
            { orderId: 'o1', given: true, message: null },
            { orderId: 'o3', given: false, message: 'This order was cancelled meanwhile.' },
          ],
        });
      },
    });
    const orders = [
      row('o1', 'AAA11111'),
      row('o2', 'BBB22222'),
      row('o3', 'CCC33333'),
      row('o4', 'DDD44444', { deliveryMethod: 'pickup' }),
    ];
    renderWithProviders(<BulkRider orders={orders} />, { session: { user: staffUser('packer') } });
    fireEvent.click(screen.getByRole('button', { name: 'Give to a rider' }));
    const form = screen.getByRole('form', { name: 'Give orders to a rider' });
    // A pickup is not offered; every other order is ticked.
    expect(within(form).queryByLabelText(/DDD44444/)).toBeNull();
    fireEvent.click(within(form).getByLabelText(/BBB22222/));
    fireEvent.click(within(form).getByRole('button', { name: 'Give 2 orders' }));
    expect(within(form).getByRole('alert').textContent).toBe(CHOOSE_RIDER);
    await within(form).findByRole('option', { name: 'Tunde Bakare' });
    expect(within(form).queryByRole('option', { name: 'Sule' })).toBeNull();
    fireEvent.change(within(form).getByRole('combobox', { name: 'Rider' }), { target: { value: 'r2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Give 2 orders' }));
    await within(form).findByText('1 given to Tunde Bakare; 1 could not go:');
    expect(within(form).getByText('#CCC33333: This order was cancelled meanwhile.')).toBeTruthy();
    expect(asked).toEqual([{ orderIds: ['o1', 'o3'] }]);
  });

  it('says what went', () => {
    expect(bulkSummary([{ orderId: 'a', given: true, message: null }], 'Tunde')).toBe('1 given to Tunde.');
  });
});
