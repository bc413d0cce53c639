import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import RidersPage, { roundText, SETTLED } from './RidersPage';
import type { Rider } from '@/lib/types';
import { admin, jsonResponse, mockFetch, renderWithProviders, staffUser } from '@/test/utils';

const tunde: Rider = {
  id: 'r1',
  name: 'Tunde Bakare',
  phone: '+2348031112222',
  link: false,
  toReview: 0,
  open: 2,
  out: 1,
  cashInHand: 5_250_000,
  lastSettledAt: null,
};

describe('RidersPage', () => {
  it('shows each rider’s round and cash, and counts the cash in', async () => {
    const counted: unknown[] = [];
    let held = tunde.cashInHand!;
    mockFetch({
      'GET /api/admin/riders': () => jsonResponse({ riders: [{ ...tunde, cashInHand: held }] }),
      'POST /api/admin/riders/r1/settle': (_url, init) => {
        const body = JSON.parse(init!.body as string) as { amount: string };
        counted.push(body);
        if (body.amount !== '52500') {
          return jsonResponse(
            { error: 'validation', message: 'Tunde Bakare holds ₦52,500.00. Count it again, or settle that amount.' },
            400,
          );
        }
        held = 0;
        return jsonResponse({ rider: { ...tunde, cashInHand: 0, lastSettledAt: Date.now() } });
      },
    });
    renderWithProviders(<RidersPage />, { path: '/admin/riders', session: { user: admin } });
    const card = await screen.findByRole('region', { name: 'Tunde Bakare' });
    expect(card.textContent).toContain('2 to deliver · 1 out now · +2348031112222');
    expect(card.textContent).toContain('Cash in hand: ₦52,500.00');
    fireEvent.change(within(card).getByLabelText('Cash counted (₦)'), { target: { value: '50000' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Hand in' }));
    expect((await within(card).findByRole('alert')).textContent).toBe(
      'Tunde Bakare holds ₦52,500.00. Count it again, or settle that amount.',
    );
    fireEvent.change(within(card).getByLabelText('Cash counted (₦)'), { target: { value: '52500' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Hand in' }));
    await within(card).findByText(SETTLED);
    expect(counted).toEqual([{ amount: '50000' }, { amount: '52500' }]);
  });

  it('shows no cash to those who may not see money', async () => {
    mockFetch({ 'GET /api/admin/riders': { riders: [{ ...tunde, cashInHand: null }] } });
    renderWithProviders(<RidersPage />, { path: '/admin/riders', session: { user: staffUser('packer') } });
    const card = await screen.findByRole('region', { name: 'Tunde Bakare' });
    expect(card.textContent).not.toContain('Cash');
    expect(within(card).queryByRole('button', { name: 'Hand in' })).toBeNull();
  });

  it('says a rider’s round in words', () => {
    expect(roundText({ open: 0, out: 0, toReview: 0 })).toBe('No deliveries');
    expect(roundText({ open: 1, out: 0, toReview: 0 })).toBe('1 to deliver');
    expect(roundText({ open: 3, out: 2, toReview: 0 })).toBe('3 to deliver · 2 out now');
    expect(roundText({ open: 3, out: 2, toReview: 1 })).toBe('3 to deliver · 2 out now · 1 photo to review');
  });
});
