import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import RidePage, { LINK_ENDED } from './RidePage';
import type { Stop } from '@/lib/types';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

const stop: Stop = {
  orderId: 'o1',
  number: 'K7M2QX9A',
  customerName: 'Ada Obi',
  customerPhone: '+2348035550101',
  street: '14 Adeola Odeku Street',
  city: 'Victoria Island',
  state: 'Lagos',
  landmark: '',
  items: ['1 × Adire Wrap Dress (M, Indigo)'],
  note: null,
  toCollect: 0,
  leftAt: null,
  deliveredAt: null,
  triesLeft: 5,
  photoSentAt: null,
  rejectedReason: null,
};

describe('RidePage', () => {
  it('shows the link’s one stop with the round’s buttons, answered through the link', async () => {
    const calls: string[] = [];
    mockFetch({
      'GET /api/ride/TOKEN': () => jsonResponse({ stop }),
      'POST /api/ride/TOKEN/leave': () => {
        calls.push('leave');
        return jsonResponse({ stop: { ...stop, leftAt: Date.now() } });
      },
      'POST /api/ride/TOKEN/deliver': (_url, init) => {
        calls.push(init!.body as string);
        return jsonResponse({ stop: { ...stop, leftAt: Date.now(), deliveredAt: Date.now() } });
      },
    });
    renderWithProviders(
      <Route path="/ride/:token">
        <RidePage />
      </Route>,
      { path: '/ride/TOKEN' },
    );
    const card = await screen.findByRole('article');
    expect(within(card).getByRole('heading').textContent).toBe('1 Ada Obi');
    fireEvent.click(within(card).getByRole('button', { name: 'Leaving now' }));
    const door = await screen.findByRole('form', { name: 'Deliver order #K7M2QX9A' });
    fireEvent.change(within(door).getByLabelText('Customer’s code'), { target: { value: '4821' } });
    fireEvent.click(within(door).getByRole('button', { name: 'Delivered' }));
    await screen.findByText(/^Delivered /);
    expect(calls).toEqual(['leave', JSON.stringify({ code: '4821', paidBy: null })]);
  });

  it('says so when the link has ended', async () => {
    mockFetch({
      'GET /api/ride/OLD': () =>
        jsonResponse({ error: 'not_found', message: 'This delivery link has ended. Ask the shop for a new one.' }, 404),
    });
    renderWithProviders(
      <Route path="/ride/:token">
        <RidePage />
      </Route>,
      { path: '/ride/OLD' },
    );
    expect((await screen.findByRole('alert')).textContent).toBe(LINK_ENDED);
  });
});
