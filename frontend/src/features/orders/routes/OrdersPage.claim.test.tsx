import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import OrdersPage from './OrdersPage';
import { CLAIM_FAILED, claimedText } from '../api/claim-orders';
import { Header } from '@/components/Header';
import { order } from '@/test/fixtures';
import { customer, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

// The header's menus come from the page's facts, as the server writes them, so the requests
// counted below are the page's own.

const mine = order();
const asGuest = order({
  id: 'g1g2g3g4g5g6g7g8',
  number: 'PQ4D7KXA',
  createdAt: Date.UTC(2025, 3, 2, 10),
  status: 'placed',
  isNew: true,
  paymentMethod: 'pay_on_delivery',
  toCollect: 17_000_050,
});
const EXPIRED = 'This link has expired or is not for this account. Sign in again to get a new one.';

/** The server: My Orders before the claim, the claim's answer (or refusal), the seen marker. */
function server(claim: (body: { token?: string }) => Response) {
  const bodies: unknown[] = [];
  const fetch = mockFetch({
    '/api/orders': { orders: [mine] },
    'POST /api/orders/claim': (_url, init) => {
      const body = JSON.parse(init!.body as string) as { token?: string };
      bodies.push(body);
      return claim(body);
    },
    'POST /api/orders/seen': { counts: { bag: 0, saved: 0, newOrders: 0 } },
  });
  const paths = () => fetch.mock.calls.map(([path, init]) => `${init?.method ?? 'GET'} ${path as string}`);
  return { bodies, paths };
}

function renderClaim(path = '/myorders?claim=1767225600000.abc123') {
  return renderWithProviders(
    <>
      <Header onOpenMenu={() => {}} menuOpen={false} menuButtonRef={{ current: null }} />
      <OrdersPage />
    </>,
    { path, session: { user: customer, counts: { bag: 0, saved: 0, newOrders: 0 } } },
  );
}

describe('My Orders through the link mailed for guest orders', () => {
  it('claims once with the token, says how many were added, lists them and takes the token out of the address', async () => {
    const { bodies, paths } = server(() => jsonResponse({ orders: [asGuest, mine] }));
    const { currentLocation } = renderClaim();
    expect(screen.getByText('Adding your earlier orders…').getAttribute('role')).toBe('status');
    expect(await screen.findByText('1 earlier order was added to My Orders.')).toBeTruthy();
    expect(bodies).toEqual([{ token: '1767225600000.abc123' }]);
    const cards = within(screen.getByRole('list', { name: 'Your orders' })).getAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Order #PQ4D7KXA',
      'Order #K7M2QX9A',
    ]);
    // The order that joined is new to this list; the pay-on-delivery amount shows on it.
    expect(within(cards[0]!).getByText('New')).toBeTruthy();
    expect(within(cards[0]!).getByText('Pay on delivery — ₦170,000.50 to pay when it arrives')).toBeTruthy();
    expect(within(cards[1]!).queryByText('New')).toBeNull();
    expect(currentLocation()).toBe('/myorders');
    // The list was read before the claim (to tell the added ones), marked seen after it.
    await waitFor(() => expect(paths()).toContain('POST /api/orders/seen'));
    expect(paths()).toEqual(['GET /api/orders', 'POST /api/orders/claim', 'POST /api/orders/seen']);
  });

  it("shows the server's reason when the link has expired or is another account's, and the orders as they are", async () => {
    const { bodies, paths } = server(() => jsonResponse({ error: 'validation', message: EXPIRED }, 400));
    const { currentLocation } = renderClaim('/myorders?claim=bad&tab=all');
    expect((await screen.findByRole('alert')).textContent).toBe(EXPIRED);
    expect(bodies).toHaveLength(1);
    const cards = within(screen.getByRole('list', { name: 'Your orders' })).getAllByRole('article');
    expect(cards).toHaveLength(1);
    // Only the token leaves the address.
    expect(currentLocation()).toBe('/myorders?tab=all');
    await waitFor(() => expect(paths()).toContain('POST /api/orders/seen'));
  });

  it('says when there was nothing left to add (the link followed twice)', async () => {
    server(() => jsonResponse({ orders: [mine] }));
    renderClaim();
    expect(await screen.findByText('Your earlier orders are already in My Orders.')).toBeTruthy();
  });

  it('falls back to its own words when the claim fails without a reason', async () => {
    server(() => jsonResponse({ error: 'internal', message: 'Something went wrong.' }, 500));
    renderClaim();
    expect((await screen.findByRole('alert')).textContent).toBe(CLAIM_FAILED);
  });

  it('claims nothing without a token', async () => {
    const { paths } = server(() => jsonResponse({ orders: [] }));
    renderClaim('/myorders');
    await waitFor(() => expect(paths()).toContain('POST /api/orders/seen'));
    expect(paths()).not.toContain('POST /api/orders/claim');
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('claimedText', () => {
  it('counts the orders added', () => {
    expect(claimedText(0)).toBe('Your earlier orders are already in My Orders.');
    expect(claimedText(1)).toBe('1 earlier order was added to My Orders.');
    expect(claimedText(3)).toBe('3 earlier orders were added to My Orders.');
  });
});
