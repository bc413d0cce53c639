import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import OrdersPage from './OrdersPage';
import { Header } from '@/components/Header';
import { Sidebar } from '@/components/Sidebar';
import type { Session } from '@/lib/types';
import { order } from '@/test/fixtures';
import { customer, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

const session = (newOrders: number): Session => ({
  user: customer,
  expiresAt: null,
  counts: { bag: 0, saved: 1, newOrders },
  guestCheckout: false,
  guest: false,
});

function renderOrders(newOrders = 2) {
  return renderWithProviders(
    <>
      <Header onOpenMenu={() => {}} menuOpen={false} menuButtonRef={{ current: null }} />
      <Sidebar open onClose={() => {}} returnFocusRef={{ current: null }} />
      <OrdersPage />
    </>,
    { path: '/myorders', session: session(newOrders) },
  );
}

const newest = order({
  id: 'zz998877aabbccdd',
  number: 'ZX9R4TWB',
  createdAt: Date.UTC(2025, 4, 17, 9),
  status: 'shipped',
  isNew: true,
  trackingNumber: 'GIG-4471-LOS',
  items: [
    {
      productId: 'agbada',
      name: 'Royal Blue Agbada',
      price: 18_500_050,
      quantity: 1,
      size: 'XL',
      color: 'Royal Blue',
      variantId: 'v-XL-Royal Blue',
      compareAtPrice: null,
      priceAbroad: null,
    },
  ],
  totalAmount: 18_500_050,
});
const older = order();

describe('My Orders', () => {
  it('shows one card per order, newest first, with everything the spec lists', async () => {
    mockFetch({
      '/api/orders': { orders: [newest, older] },
      'POST /api/orders/seen': { counts: { bag: 0, saved: 1, newOrders: 0 } },
    });
    renderOrders();
    const list = await screen.findByRole('list', { name: 'Your orders' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Order #ZX9R4TWB',
      'Order #K7M2QX9A',
    ]);

    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Shipped').className).toContain('status-badge--shipped');
    expect(within(first).getByText('New')).toBeTruthy();
    expect(within(first).getByText('17 May 2025')).toBeTruthy();
    expect(within(first).getByText('GIG-4471-LOS')).toBeTruthy();
    expect(within(first).getByText('Size: XL · Colour: Royal Blue')).toBeTruthy();
    expect(within(first).getAllByText('₦185,000.50').length).toBeGreaterThan(0);

    expect(within(second).getByText('Paid').className).toContain('status-badge--paid');
    expect(within(second).queryByText('New')).toBeNull();
    expect(within(second).queryByText('Tracking number')).toBeNull();
    expect(within(second).getByText('Ada Obi')).toBeTruthy();
    expect(within(second).getByText('ada@example.com')).toBeTruthy();
    expect(within(second).getByText('5 March 2025')).toBeTruthy();
    expect(within(second).getByText('₦170,000.50')).toBeTruthy();
    const items = within(within(second).getByRole('list', { name: 'Items in Order #K7M2QX9A' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Oxford Brogue')).toBeTruthy();
    expect(within(items[0]!).getByText('Size: 42 · Colour: Black')).toBeTruthy();
    expect(within(items[0]!).getByText('₦25,000.00')).toBeTruthy();
    expect(within(items[0]!).getByText('₦50,000.00')).toBeTruthy();
    expect(within(items[1]!).queryByText(/Size:|Colour:/)).toBeNull();
    expect(within(items[1]!).getAllByText('₦120,000.50')).toHaveLength(2);
    const address = second.querySelector('address')!;
    expect(Array.from(address.children, (c) => c.textContent)).toEqual([
      '12 Marina Road',
      'Lagos Island, Lagos 101001',
      'Nigeria',
    ]);
    expect(document.title).toBe('My Orders — Ankara');
  });

  it('marks the orders seen when it opens, so the header and sidebar badges drop to zero', async () => {
    const fetch = mockFetch({
      '/api/orders': { orders: [newest, older] },
      'POST /api/orders/seen': { counts: { bag: 0, saved: 1, newOrders: 0 } },
    });
    renderOrders(2);
    const header = document.querySelector('header.site-header') as HTMLElement;
    const sidebar = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(header).getByRole('link', { name: 'My Orders (2)' })).toBeTruthy();
    expect(within(sidebar).getByRole('link', { name: 'My Orders (2)' })).toBeTruthy();
    expect(header.querySelector('.site-header__menu-dot')).toBeTruthy();
    await waitFor(() => expect(within(header).getByRole('link', { name: 'My Orders' })).toBeTruthy());
    expect(within(sidebar).getByRole('link', { name: 'My Orders' })).toBeTruthy();
    expect(header.querySelector('.site-header__menu-dot')).toBeNull();
    const seen = fetch.mock.calls.filter(([path, init]) => path === '/api/orders/seen' && init?.method === 'POST');
    expect(seen).toHaveLength(1);
    expect((seen[0]![1]!.headers as Record<string, string>)['X-Requested-With']).toBe('ankara');
    // The cards still say which orders were new on this visit.
    expect(screen.getAllByText('New')).toHaveLength(1);
  });

  it('is empty, with no message, when there are no orders', async () => {
    const fetch = mockFetch({
      '/api/orders': { orders: [] },
      'POST /api/orders/seen': { counts: { bag: 0, saved: 1, newOrders: 0 } },
    });
    const { container } = renderWithProviders(<OrdersPage />, { path: '/myorders', session: session(0) });
    await waitFor(() => expect(fetch.mock.calls.some(([path]) => path === '/api/orders/seen')).toBe(true));
    expect(screen.getByRole('heading', { level: 1, name: 'My Orders' })).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    expect(container.querySelector('.container')!.textContent).toBe('My Orders');
  });

  it('offers to try again when the orders cannot be read', async () => {
    mockFetch({ '/api/orders': () => jsonResponse({ error: 'internal', message: 'Something went wrong.' }, 500) });
    renderWithProviders(<OrdersPage />, { path: '/myorders', session: session(0) });
    expect(await screen.findByText("We couldn't load your orders.")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows the price in parts: subtotal, delivery, discount with its code, total; an older order its total alone', async () => {
    const priced = order({
      id: 'pp11223344556677',
      number: 'PRC3D7KM',
      subtotal: 5_000_000,
      deliveryFee: 250_000,
      discount: 500_000,
      discountCode: 'FESTIVE10',
      deliveryEstimate: '1–2 working days',
      totalAmount: 4_750_000,
    });
    const pickedUp = order({
      id: 'pu11223344556677',
      number: 'PUP3D7KM',
      subtotal: 5_000_000,
      deliveryMethod: 'pickup',
      totalAmount: 5_000_000,
    });
    mockFetch({
      '/api/orders': { orders: [priced, pickedUp, order()] },
      'POST /api/orders/seen': { counts: { bag: 0, saved: 1, newOrders: 0 } },
    });
    renderWithProviders(<OrdersPage />, { path: '/myorders', session: session(0) });
    const rows = (name: string) => screen.getByLabelText(`Price of ${name}`).querySelectorAll('div');
    await screen.findByRole('heading', { name: 'Order #PRC3D7KM' });
    const text = (name: string) => Array.from(rows(name)).map((row) => row.textContent);
    expect(text('Order #PRC3D7KM')).toEqual([
      'Subtotal₦50,000.00',
      'Delivery₦2,500.00',
      'Discount (FESTIVE10)-₦5,000.00',
      'Total₦47,500.00',
    ]);
    expect(text('Order #PUP3D7KM')).toEqual(['Subtotal₦50,000.00', 'Pick up in storeFree', 'Total₦50,000.00']);
    expect(screen.queryByLabelText('Price of Order #K7M2QX9A')).toBeNull();
  });

  it('a pay-on-delivery order says what is left to pay when it arrives, until it is collected', async () => {
    const pod = order({
      status: 'placed',
      paymentMethod: 'pay_on_delivery',
      paymentChannel: null,
      toCollect: 17_000_050,
    });
    const collected = order({
      id: 'collected1234567',
      number: 'CL8CTD4A',
      status: 'delivered',
      paymentMethod: 'pay_on_delivery',
      toCollect: 0,
      collectedAt: Date.UTC(2025, 2, 9),
      collectedAmount: 17_000_050,
      collectedBy: 'cash',
    });
    mockFetch({
      '/api/orders': { orders: [pod, collected] },
      'POST /api/orders/seen': { bag: 0, saved: 1, newOrders: 0 },
    });
    renderOrders();
    const cards = await screen.findAllByRole('article');
    expect(within(cards[0]!).getByText('Placed').className).toContain('status-badge--placed');
    expect(within(cards[0]!).getByText('Pay on delivery — ₦170,000.50 to pay when it arrives')).toBeTruthy();
    expect(within(cards[1]!).queryByText(/to pay when it arrives/)).toBeNull();
  });
});
