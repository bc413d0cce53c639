import { fireEvent, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckoutNotice, CheckoutScope, useCheckoutScope, type CheckoutOutcome } from './CheckoutScope';
import { embedShop } from '@/test/shop';
import { order } from '@/test/fixtures';
import { customer, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

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
  window.sessionStorage.clear();
});

describe('the order confirmation', () => {
  const paid = { kind: 'paid', reference: 'ANK-1', order: order(), guest: false } as const;

  it('offers to message the shop on WhatsApp about the order', async () => {
    embedShop({ whatsapp: '2348035550100' });
    renderNotice(paid);
    const link = await screen.findByRole('link', { name: 'Message us on WhatsApp' });
    expect(link.getAttribute('href')).toBe(
      `https://wa.me/2348035550100?text=${encodeURIComponent('Hello! I have a question about my order #K7M2QX9A.')}`,
    );
  });

  it('has no WhatsApp link when the shop has no number', async () => {
    embedShop({ whatsapp: null });
    renderNotice(paid);
    expect(await screen.findByText('Payment successful! Reference: ANK-1')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Message us on WhatsApp' })).toBeNull();
  });
});

describe('a checkout outcome outlives the page', () => {
  it("keeps a guest's order and the offer to keep her details after she leaves My Bag", async () => {
    const placed = {
      kind: 'placed',
      order: order({ paymentMethod: 'pay_on_delivery', status: 'placed' }),
      guest: true,
    } as const;
    const first = renderWithProviders(
      <CheckoutScope>
        <Outcome outcome={placed} />
      </CheckoutScope>,
    );
    expect(await screen.findByText('Order placed! Pay ₦170,000.50 when it arrives.')).toBeTruthy();
    first.unmount();
    // Back on My Bag (a new page render): the box and the offer are still there.
    renderWithProviders(
      <CheckoutScope>
        <CheckoutNotice />
      </CheckoutScope>,
    );
    expect(await screen.findByText('Order placed! Pay ₦170,000.50 when it arrives.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Keep your details for next time' })).toBeTruthy();
  });

  it('offers a guest paying by transfer to keep her details before the money arrives', async () => {
    renderWithProviders(
      <CheckoutScope>
        <Outcome
          outcome={{
            kind: 'waiting',
            message: 'We are waiting.',
            reference: 'ank-waiting',
            guest: true,
            email: 'ada@example.com',
          }}
        />
      </CheckoutScope>,
    );
    expect(await screen.findByText('We are waiting.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Keep your details for next time' })).toBeTruthy();
  });
});

describe('a pay-on-delivery order waiting for confirmation', () => {
  const waiting = (channel: 'phone' | 'email') =>
    order({
      paymentMethod: 'pay_on_delivery',
      status: 'placed',
      confirmation: { channel, expiresAt: Date.UTC(2026, 10, 28, 11, 30), confirmedAt: null },
    });

  it('says the shop will call', async () => {
    renderNotice({ kind: 'placed', order: waiting('phone'), guest: false });
    expect(await screen.findByText(/^We'll call you to confirm this order before we prepare it\./)).toBeTruthy();
    expect(screen.queryByLabelText(/^Confirmation code/)).toBeNull();
  });

  it('takes the code e-mailed to the customer', async () => {
    const fetch = mockFetch({
      'POST /api/orders/confirm': () =>
        jsonResponse({
          number: 'K7M2QX9A',
          status: 'placed',
          confirmation: { channel: 'email', expiresAt: 1, confirmedAt: 2 },
        }),
    });
    renderNotice({ kind: 'placed', order: waiting('email'), guest: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm order' }));
    expect(await screen.findByText('Please enter the 6-digit code from the e-mail.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Confirmation code/), { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm order' }));
    expect(await screen.findByText("Order #K7M2QX9A is confirmed. We'll prepare it now.")).toBeTruthy();
    const sent = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(sent[1]!.body as string)).toEqual({ number: 'K7M2QX9A', code: '123456' });
  });
});
