import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SIGN_IN_FOR_CREDIT, TenderChoice } from './TenderChoice';
import type { CheckoutQuote } from '../api/checkout';
import { PROVE_EMAIL } from '@/components/ProveEmailButton';
import { renderWithProviders } from '@/test/utils';

function quote(over: Partial<CheckoutQuote> = {}): CheckoutQuote {
  return {
    charge: null,
    breakdown: { subtotal: 5_000_000, delivery: 250_000, discount: 0, total: 5_250_000 },
    deliveryEstimate: '1–2 working days',
    code: null,
    payOnDelivery: { offered: false, reason: null },
    credit: { status: 'none', balance: 0, applied: 0 },
    giftCard: null,
    toPay: 5_250_000,
    ...over,
  };
}

const none = { useCredit: false, giftCard: null };

describe('store credit and gift cards at checkout', () => {
  it('offers usable credit with Use it, then shows it applied and the rest to pay', () => {
    const onChange = vi.fn();
    const credit = { status: 'usable', balance: 2_000_000, applied: 0 } as const;
    const { rerender } = renderWithProviders(
      <TenderChoice quote={quote({ credit })} tender={none} onChange={onChange} onTryCard={async () => null} />,
    );
    expect(screen.getByText('₦20,000.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use it' }));
    expect(onChange).toHaveBeenCalledWith({ useCredit: true, giftCard: null });
    rerender(
      <TenderChoice
        quote={quote({ credit: { ...credit, applied: 2_000_000 }, toPay: 3_250_000 })}
        tender={{ useCredit: true, giftCard: null }}
        onChange={onChange}
        onTryCard={async () => null}
      />,
    );
    expect(screen.getByText('−₦20,000.00')).toBeTruthy();
    expect(screen.getByTestId('to-pay').textContent).toBe('₦32,500.00');
    expect(screen.getByRole('button', { name: "Don't use it" })).toBeTruthy();
  });

  it('asks an account to prove its e-mail first, and a guest to sign in', () => {
    const { unmount } = renderWithProviders(
      <TenderChoice
        quote={quote({ credit: { status: 'unproven', balance: 500_000, applied: 0 } })}
        tender={none}
        onChange={() => undefined}
        onTryCard={async () => null}
      />,
    );
    expect(screen.getByRole('button', { name: PROVE_EMAIL })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Use it' })).toBeNull();
    unmount();
    renderWithProviders(
      <TenderChoice
        quote={quote({ credit: { status: 'guest', balance: 500_000, applied: 0 } })}
        tender={none}
        onChange={() => undefined}
        onTryCard={async () => null}
      />,
    );
    expect(screen.getByRole('link', { name: SIGN_IN_FOR_CREDIT }).getAttribute('href')).toBe('/login');
  });

  it("tries a gift card's code and shows the server's refusal under the field", async () => {
    const onTryCard = vi.fn(async () => 'This gift card has been used up.');
    renderWithProviders(
      <TenderChoice quote={quote()} tender={none} onChange={() => undefined} onTryCard={onTryCard} />,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Gift card' }), { target: { value: 'abcd-efgh-jkmn-pqrs' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'This gift card has been used up.');
    expect(onTryCard).toHaveBeenCalledWith('abcd-efgh-jkmn-pqrs');
  });
});
