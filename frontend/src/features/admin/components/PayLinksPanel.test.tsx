import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'wouter';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONFIRM_CANCEL_LINK } from './PayLinksPanel';
import { NOTE_SAVED } from './InternalNotePanel';
import AdminOrderPage from '../routes/AdminOrderPage';
import { ORDER_ID, packingOrder } from '../test/adminOrder';
import type { AdminOrder, PayLink } from '@/lib/types';
import { order } from '@/test/fixtures';
import { ACCESS } from '@/test/access';
import { admin, jsonResponse, mockFetch, renderWithProviders, staffUser } from '@/test/utils';

function link(overrides: Partial<PayLink> = {}): PayLink {
  return {
    token: 'A'.repeat(32),
    amount: 2_100_000,
    purpose: 'deposit',
    status: 'paid',
    createdAt: Date.UTC(2026, 10, 24, 9),
    expiresAt: Date.UTC(2026, 10, 26, 9),
    paidAt: Date.UTC(2026, 10, 24, 10),
    ...overrides,
  };
}

/** A WhatsApp order of ₦52,500.00 with its ₦21,000.00 deposit paid and a link open for the balance. */
function partPaid(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    ...order({
      id: ORDER_ID,
      status: 'paid',
      customerPhone: '0803 555 0100',
      paymentMethod: 'pay_link',
      totalAmount: 5_250_000,
      subtotal: 5_000_000,
      deliveryFee: 250_000,
      paid: 2_100_000,
      paidOnline: 2_100_000,
      balance: 3_150_000,
      source: 'whatsapp',
      customerNote: 'Call before delivery',
    }),
    view: 'full',
    userId: 'u9',
    nextStatuses: ['processing'],
    refundable: 2_100_000,
    skus: [null, null],
    restockable: [0, 0],
    internalNote: 'Wants it before Friday',
    discountReason: 'Loyal customer',
    payLinks: [
      link(),
      link({ token: 'B'.repeat(32), amount: 3_150_000, purpose: 'balance', status: 'open', paidAt: null }),
    ],
    ...overrides,
  };
}

function renderOrder(user = admin) {
  return renderWithProviders(
    <Route path="/admin/orders/:id">
      <AdminOrderPage />
    </Route>,
    { path: `/admin/orders/${ORDER_ID}`, session: { user } },
  );
}

afterEach(() => vi.restoreAllMocks());

describe('an order taken in a chat, on the order screen', () => {
  it('shows its source, what is owed, the notes and each pay link', async () => {
    mockFetch({ [`/api/admin/orders/${ORDER_ID}`]: partPaid() });
    renderOrder();
    await screen.findByText('Part paid — ₦31,500.00 balance');
    expect(screen.getByText('Source: WhatsApp')).toBeTruthy();
    expect(screen.getByText('Call before delivery')).toBeTruthy();
    expect(screen.getByText('Discount given by hand: Loyal customer')).toBeTruthy();
    expect(screen.getByLabelText<HTMLTextAreaElement>('For the staff').value).toBe('Wants it before Friday');
    const links = within(screen.getByRole('list', { name: 'Pay links, oldest first' })).getAllByRole('listitem');
    expect(links).toHaveLength(2);
    expect(within(links[0]!).getByText('Deposit')).toBeTruthy();
    expect(within(links[0]!).getByText('Paid', { exact: true })).toBeTruthy();
    expect(within(links[0]!).queryByRole('button', { name: 'Copy link' })).toBeNull();
    expect(within(links[1]!).getByText('Open')).toBeTruthy();
    expect(within(links[1]!).getByLabelText<HTMLInputElement>('Pay link for ₦31,500.00').value).toBe(
      `${window.location.origin}/pay/${'B'.repeat(32)}`,
    );
    const whatsapp = within(links[1]!).getByRole('link', { name: 'Send on WhatsApp' }).getAttribute('href')!;
    expect(whatsapp.startsWith('https://wa.me/2348035550100?text=')).toBe(true);
    // The payment facts: what came in and what is left.
    expect(screen.getByText('₦21,000.00', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByText('₦31,500.00', { selector: 'dd' })).toBeTruthy();
  });

  it('makes a new link for the balance, cancels the open one, and shows the server’s refusal', async () => {
    let current = partPaid();
    const fetch = mockFetch({
      [`/api/admin/orders/${ORDER_ID}`]: () => jsonResponse(current),
      [`DELETE /api/admin/orders/${ORDER_ID}/pay-links`]: () => {
        current = {
          ...current,
          payLinks: current.payLinks.map((l) => ({ ...l, status: l.status === 'open' ? 'cancelled' : l.status })),
        };
        return jsonResponse(current);
      },
      [`POST /api/admin/orders/${ORDER_ID}/pay-links`]: (_url, init) => {
        const body = JSON.parse(init!.body as string) as { amount?: string };
        if (body.amount === '99999999') {
          return jsonResponse(
            { error: 'validation', message: 'Enter an amount from ₦50.00 to the balance, ₦31,500.00.' },
            400,
          );
        }
        current = {
          ...current,
          payLinks: [
            ...current.payLinks,
            link({ token: 'C'.repeat(32), amount: 3_150_000, purpose: 'balance', status: 'open', paidAt: null }),
          ],
        };
        return jsonResponse({ order: current, payLink: `https://shop.ng/pay/${'C'.repeat(32)}` }, 201);
      },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderOrder();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel link' }));
    expect(confirm).toHaveBeenCalledWith(CONFIRM_CANCEL_LINK);
    await screen.findByText('The pay link was cancelled.');
    expect(screen.queryByRole('button', { name: 'Cancel link' })).toBeNull();

    const amount = within(screen.getByRole('form', { name: 'New pay link' })).getByLabelText(/^Amount \(₦\)/);
    fireEvent.change(amount, { target: { value: '99999999' } });
    fireEvent.click(screen.getByRole('button', { name: 'New link for the balance' }));
    expect((await screen.findByText(/Enter an amount from/)).textContent).toBe(
      'Enter an amount from ₦50.00 to the balance, ₦31,500.00.',
    );
    fireEvent.change(amount, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'New link for the balance' }));
    await screen.findByText('New link for ₦31,500.00 ready to send.');
    expect(screen.getByLabelText('Pay link for ₦31,500.00')).toBeTruthy();
    const posts = fetch.mock.calls.filter(([, init]) => init?.method === 'POST').map(([, init]) => init!.body);
    expect(posts).toEqual(['{"amount":"99999999"}', '{}']);
  });

  it('saves the internal note', async () => {
    let current = partPaid();
    const fetch = mockFetch({
      [`/api/admin/orders/${ORDER_ID}`]: () => jsonResponse(current),
      [`PUT /api/admin/orders/${ORDER_ID}/note`]: (_url, init) => {
        current = { ...current, internalNote: (JSON.parse(init!.body as string) as { note: string }).note || null };
        return jsonResponse(current);
      },
    });
    renderOrder();
    const note = await screen.findByLabelText('For the staff');
    fireEvent.change(note, { target: { value: '  Gift wrap it  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save note' }));
    await screen.findByText(NOTE_SAVED);
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put![1]!.body).toBe('{"note":"Gift wrap it"}');
  });

  it('shows a role that may not send pay links the links but not the tools to send or cancel them', async () => {
    mockFetch({ [`/api/admin/orders/${ORDER_ID}`]: partPaid() });
    renderOrder(staffUser('manager', { access: ACCESS.manager.filter((e) => !e.includes('/pay-links')) }));
    await screen.findByRole('list', { name: 'Pay links, oldest first' });
    expect(screen.queryByRole('button', { name: 'Copy link' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel link' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New link for the balance' })).toBeNull();
    // Every role writes internal notes.
    expect(screen.getByRole('button', { name: 'Save note' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Part paid — ₦31,500.00 balance')).toBeTruthy());
  });

  it('shows a packer no pay links at all: the server sends none', async () => {
    mockFetch({ [`/api/admin/orders/${ORDER_ID}`]: packingOrder({ paymentMethod: 'pay_link' }) });
    renderOrder(staffUser('packer'));
    expect(await screen.findByRole('button', { name: 'Save note' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Pay links, oldest first' })).toBeNull();
    expect(screen.queryByText(/Part paid|balance/)).toBeNull();
  });
});
