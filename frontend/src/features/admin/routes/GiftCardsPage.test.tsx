import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import GiftCardsPage from './GiftCardsPage';
import type { GiftCard, NewGiftCard } from '@/lib/types';
import { admin, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

function card(over: Partial<GiftCard> = {}): GiftCard {
  return {
    id: 'g1',
    last4: 'PQRS',
    initial: 2_500_000,
    balance: 1_000_000,
    note: 'Birthday of Ada',
    createdAt: Date.UTC(2026, 10, 1),
    disabledAt: null,
    orders: 1,
    ...over,
  };
}

describe('the Gift cards screen', () => {
  it('lists cards with what is left, issues one showing its code once, and disables one', async () => {
    let cards = [card()];
    const issued: NewGiftCard[] = [];
    mockFetch({
      'GET /api/admin/gift-cards': () => jsonResponse(cards),
      'POST /api/admin/gift-cards': (_url, init) => {
        const body = JSON.parse(init!.body as string) as NewGiftCard;
        issued.push(body);
        const made = card({ id: 'g2', last4: 'WXYZ', initial: 5_000_000, balance: 5_000_000, note: body.note ?? null });
        cards = [made, ...cards];
        return jsonResponse({ code: 'ABCD-EFGH-JKMN-WXYZ', card: made }, 201);
      },
      'PATCH /api/admin/gift-cards/g1': () => jsonResponse(card({ disabledAt: Date.now() })),
    });
    renderWithProviders(<GiftCardsPage />, { path: '/admin/gift-cards', session: { user: admin } });
    const row = (await screen.findByText('•••• PQRS')).closest('tr')!;
    expect(within(row).getByText('₦10,000.00')).toBeTruthy();
    expect(within(row).getByText('Birthday of Ada')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Amount (₦)'), { target: { value: '50000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Issue gift card' }));
    expect((await screen.findByTestId('gift-card-code')).textContent).toBe('ABCD-EFGH-JKMN-WXYZ');
    expect(issued).toEqual([{ amount: '50000', note: null }]);

    fireEvent.click(within(row).getByRole('button', { name: 'Disable gift card PQRS' }));
    expect(await within(row).findByText('Disabled')).toBeTruthy();
  });
});
