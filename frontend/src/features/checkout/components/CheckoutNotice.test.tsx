import { screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckoutNotice, CheckoutScope, useCheckoutScope, type CheckoutOutcome } from './CheckoutScope';
import { embedShop, forgetShop } from '@/test/shop';
import { order } from '@/test/fixtures';
import { customer, renderWithProviders } from '@/test/utils';

function Outcome({ outcome }: { outcome: CheckoutOutcome }) {
  const { setOutcome } = useCheckoutScope();
  useEffect(() => setOutcome(outcome), [outcome, setOutcome]);
  return <CheckoutNotice />;
}

function renderNotice(outcome: CheckoutOutcome) {
  return renderWithProviders(
    <CheckoutScope>
      <Outcome outcome={outcome} />
    </CheckoutScope>,
    { session: { user: customer } },
  );
}

afterEach(() => {
  forgetShop();
});

describe('the order confirmation', () => {
  const paid = { kind: 'paid', reference: 'ANK-1', order: order(), guest: false } as const;

  it('offers to message the shop on WhatsApp about the order', async () => {
    embedShop('2348035550100');
    renderNotice(paid);
    const link = await screen.findByRole('link', { name: 'Message us on WhatsApp' });
    expect(link.getAttribute('href')).toBe(
      `https://wa.me/2348035550100?text=${encodeURIComponent('Hello! I have a question about my order #K7M2QX9A.')}`,
    );
  });

  it('has no WhatsApp link when the shop has no number', async () => {
    embedShop(null);
    renderNotice(paid);
    expect(await screen.findByText('Payment successful! Reference: ANK-1')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Message us on WhatsApp' })).toBeNull();
  });
});
