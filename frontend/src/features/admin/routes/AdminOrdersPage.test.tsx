import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AdminOrdersPage from './AdminOrdersPage';
import { Sidebar } from '@/components/Sidebar';
import type { Order } from '@/lib/types';
import { order } from '@/test/fixtures';
import { GBP_CHARGE, packingOrder } from '../test/adminOrder';
import { admin, customer, jsonResponse, mockFetch, renderWithProviders, staffUser } from '@/test/utils';

/** The address a fetch call asked for. */
function urlOf(input: RequestInfo | URL): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

const counts = { paid: 3, processing: 1, shipped: 0, delivered: 20, cancelled: 1 };

/** A page of the list; each row in naira unless it was charged abroad (`charged`). */
function list(orders: Order[], page = 1, total = orders.length, oversold = 0) {
  return {
    orders: orders.map((o) => ({ view: 'full', charged: null, ...o })),
    total,
    page,
    pageSize: 20,
    counts,
    oversold,
  };
}

const review = {
  payments: [
    {
      reference: 'ANK-mismatch1',
      userId: 'u1',
      customerName: 'Ada Obi',
      customerEmail: 'ada@example.com',
      amount: 1_234_500,
      currency: 'NGN',
      status: 'mismatch',
      failureReason: 'Paystack reported 1000000 kobo NGN, expected 1234500 kobo NGN',
      createdAt: 1_700_000_000_000,
      updatedAt: 1_700_000_000_000,
    },
  ],
};

describe('admin orders list', () => {
  it('shows the pay-on-delivery statuses once there are such orders, and what each has to collect', async () => {
    mockFetch({
      '/api/admin/orders': () =>
        jsonResponse({
          ...list([
            order({
              id: 'pod00001xxxx',
              number: 'POD7Q2WM',
              status: 'placed',
              paymentMethod: 'pay_on_delivery',
              toCollect: 17_000_050,
            }),
          ]),
          counts: { ...counts, placed: 1, refused: 0 },
        }),
      '/api/admin/payments': { payments: [] },
    });
    renderWithProviders(<AdminOrdersPage />, { path: '/admin/orders', session: { user: admin } });
    const filter = await screen.findByRole('navigation', { name: 'Filter orders by status' });
    await within(filter).findByRole('link', { name: 'Placed (1)' });
    expect(within(filter).queryByRole('link', { name: /^Refused at delivery/ })).toBeNull();
    expect(within(filter).getByRole('link', { name: 'All (26)' })).toBeTruthy();
    const row = within(screen.getByRole('list', { name: 'Orders' })).getByRole('listitem');
    expect(within(row).getByText('Placed').className).toContain('status-badge--placed');
    expect(within(row).getByText('₦170,000.50 to collect')).toBeTruthy();
  });

  it('lists the orders newest first with a status filter showing counts, and the payments to review', async () => {
    const fetch = mockFetch({
      '/api/admin/orders': (url) =>
        jsonResponse(
          url.searchParams.get('status') === 'processing'
            ? list([order({ id: 'proc0001xxxx', number: 'PRC2Q7WM', status: 'processing' })], 1, 1)
            : list(
                [
                  order({ id: 'newest01xxxx', number: 'NEW5T8RK' }),
                  order({
                    id: 'older002xxxx',
                    number: 'GD3ER9HB',
                    status: 'delivered',
                    trackingNumber: 'GIG-1',
                    deliveryMethod: 'pickup',
                    discountCode: 'SUMMER10',
                  }),
                ],
                1,
                25,
              ),
        ),
      '/api/admin/payments': review,
    });
    const { currentLocation } = renderWithProviders(<AdminOrdersPage />, {
      path: '/admin/orders',
      session: { user: admin },
    });
    const orders = await screen.findByRole('list', { name: 'Orders' });
    const rows = within(orders).getAllByRole('listitem');
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual(['Order #NEW5T8RK', 'Order #GD3ER9HB']);
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe('/admin/orders/newest01xxxx');
    expect(within(rows[0]!).getByText('Paid')).toBeTruthy();
    expect(within(rows[0]!).getByText('₦170,000.50')).toBeTruthy();
    expect(within(rows[0]!).getByText('3 items')).toBeTruthy();
    expect(within(rows[1]!).getByText('Delivered')).toBeTruthy();
    expect(within(rows[1]!).getByText('Pick up in store')).toBeTruthy();
    expect(within(rows[1]!).getByText('Code SUMMER10')).toBeTruthy();
    expect(within(rows[0]!).queryByText('Pick up in store')).toBeNull();

    const filter = screen.getByRole('navigation', { name: 'Filter orders by status' });
    const links = within(filter).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'All25',
      'Paid3',
      'Processing1',
      'Shipped0',
      'Delivered20',
      'Cancelled1',
      'Oversold — to refund',
      'Refund failed',
      'Code over limit',
    ]);
    expect(links[8]!.getAttribute('href')).toBe('/admin/orders?codeOverLimit=true');
    expect(links[6]!.getAttribute('href')).toBe('/admin/orders?oversold=true');
    expect(links.map((l) => l.getAttribute('aria-label'))[1]).toBe('Paid (3)');
    expect(links[0]!.getAttribute('aria-current')).toBe('page');
    expect(links[2]!.getAttribute('href')).toBe('/admin/orders?status=processing');

    // 25 orders at 20 a page: two pages.
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByText('Page 1 of 2')).toBeTruthy();
    expect(within(pages).getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/admin/orders?page=2');

    const payments = await screen.findByRole('list', { name: 'Payments to review' });
    expect(within(payments).getByText('ANK-mismatch1')).toBeTruthy();
    expect(within(payments).getByText('Mismatch')).toBeTruthy();
    expect(within(payments).getByText('Paystack reported 1000000 kobo NGN, expected 1234500 kobo NGN')).toBeTruthy();
    expect(within(payments).getByText('₦12,345.00')).toBeTruthy();

    fireEvent.click(links[2]!);
    await waitFor(() => expect(currentLocation()).toBe('/admin/orders?status=processing'));
    await screen.findByRole('link', { name: 'Order #PRC2Q7WM' });
    expect(fetch.mock.calls.some(([path]) => path === '/api/admin/orders?status=processing')).toBe(true);
    expect(
      within(filter)
        .getByRole('link', { name: /^Processing/ })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(document.title).toBe('Orders — Ankara');
  });

  it('marks the orders paid abroad with their currency beside the naira total', async () => {
    mockFetch({
      '/api/admin/orders': () =>
        jsonResponse(
          list([
            order({ id: 'gbp00001xxxx', number: 'GBP7Q2WM', totalAmount: 19_000_000, charged: GBP_CHARGE }),
            order({ id: 'ngn00001xxxx', number: 'NGN7Q2WM' }),
          ]),
        ),
      '/api/admin/payments': {
        payments: [{ ...review.payments[0]!, reference: 'ANK-gbp1', amount: 9_500, currency: 'GBP' }],
      },
    });
    renderWithProviders(<AdminOrdersPage />, { path: '/admin/orders', session: { user: admin } });
    const rows = within(await screen.findByRole('list', { name: 'Orders' })).getAllByRole('listitem');
    const total = rows[0]!.querySelector('.admin-order-row__total')!;
    expect(within(total as HTMLElement).getByText('₦190,000.00')).toBeTruthy();
    const badge = within(total as HTMLElement).getByText('GBP');
    expect(badge.className).toContain('admin-badge');
    // Read out as "₦190,000.00 paid in GBP".
    expect(total.textContent).toBe('₦190,000.00paid in GBP');
    expect(rows[1]!.querySelector('.admin-order-row__total')!.textContent).toBe('₦170,000.50');
    // A payment to review in pounds reads in pounds.
    const payments = await screen.findByRole('list', { name: 'Payments to review' });
    expect(within(payments).getByText('£95.00')).toBeTruthy();
  });

  it('asks for the page in the address', async () => {
    const fetch = mockFetch({
      '/api/admin/orders': (url) => jsonResponse(list([order()], Number(url.searchParams.get('page') ?? 1), 41)),
      '/api/admin/payments': { payments: [] },
    });
    renderWithProviders(<AdminOrdersPage />, { path: '/admin/orders?status=paid&page=3', session: { user: admin } });
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByText('Page 3 of 3')).toBeTruthy();
    expect(within(pages).getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe(
      '/admin/orders?status=paid&page=2',
    );
    expect(within(pages).queryByRole('link', { name: 'Next' })).toBeNull();
    expect(fetch.mock.calls.map(([path]) => path as string).filter((p) => p.startsWith('/api/admin/orders'))).toEqual([
      '/api/admin/orders?status=paid&page=3',
    ]);
    expect(await screen.findByText('No payments need review.')).toBeTruthy();
  });

  it('says when there are no orders, and shows a refused request', async () => {
    mockFetch({
      '/api/admin/orders': list([]),
      '/api/admin/payments': () => jsonResponse({ error: 'forbidden', message: 'Admins only.' }, 403),
    });
    renderWithProviders(<AdminOrdersPage />, { path: '/admin/orders', session: { user: admin } });
    expect(await screen.findByText('No orders yet.')).toBeTruthy();
    expect(await screen.findByText('Admins only.')).toBeTruthy();
  });

  it('is linked from the sidebar for admins only', () => {
    const { unmount } = renderWithProviders(<Sidebar open onClose={() => {}} returnFocusRef={{ current: null }} />, {
      session: { user: admin },
    });
    expect(screen.getByRole('link', { name: 'Orders' }).getAttribute('href')).toBe('/admin/orders');
    unmount();
    renderWithProviders(<Sidebar open onClose={() => {}} returnFocusRef={{ current: null }} />, {
      session: { user: customer },
    });
    expect(screen.queryByRole('link', { name: 'Orders' })).toBeNull();
  });

  it('warns of oversold orders with a banner, and marks each one', async () => {
    mockFetch({
      '/api/admin/orders': list(
        [order({ id: 'over0001xxxx', number: 'OVR1K2M3', oversold: true }), order({ id: 'fine0002xxxx' })],
        1,
        2,
        1,
      ),
      '/api/admin/payments': { payments: [] },
    });
    renderWithProviders(<AdminOrdersPage />, { path: '/admin/orders', session: { user: admin } });
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toBe(
      '1 order was paid after its items sold out: restock or refund the customer. It is marked Oversold below.',
    );
    const rows = screen.getAllByRole('listitem').filter((li) => li.classList.contains('admin-order-row'));
    expect(within(rows[0]!).getByText('Oversold').getAttribute('title')).toBe(
      'Paid after its items sold out — restock or refund the customer',
    );
    expect(within(rows[1]!).queryByText('Oversold')).toBeNull();
  });

  it('lists the oversold orders still to refund under their own filter, paged in the same way', async () => {
    const fetch = mockFetch({
      '/api/admin/orders': (url) =>
        jsonResponse(
          url.searchParams.get('oversold') === 'true'
            ? list([order({ id: 'over0001xxxx', number: 'OVR1K2M3', oversold: true })], 1, 21, 1)
            : list([order()], 1, 1, 1),
        ),
      '/api/admin/payments': { payments: [] },
    });
    const { currentLocation } = renderWithProviders(<AdminOrdersPage />, {
      path: '/admin/orders?status=paid',
      session: { user: admin },
    });
    const filter = await screen.findByRole('navigation', { name: 'Filter orders by status' });
    await screen.findByRole('list', { name: 'Orders' });
    fireEvent.click(within(filter).getByRole('link', { name: 'Oversold — to refund' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin/orders?oversold=true'));
    await screen.findByRole('link', { name: 'Order #OVR1K2M3' });
    expect(fetch.mock.calls.some(([path]) => path === '/api/admin/orders?oversold=true')).toBe(true);
    expect(within(filter).getByRole('link', { name: 'Oversold — to refund' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(filter).getByRole('link', { name: /^Paid/ }).getAttribute('aria-current')).toBeNull();
    // The banner would only repeat what the filter shows.
    expect(screen.queryByText(/marked Oversold below/)).toBeNull();
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('link', { name: 'Next' }).getAttribute('href')).toBe(
      '/admin/orders?oversold=true&page=2',
    );
  });

  it('lists the orders whose latest refund failed, as the dashboard links them', async () => {
    const fetch = mockFetch({
      '/api/admin/orders': (url) =>
        jsonResponse(
          url.searchParams.get('refund') === 'failed'
            ? list([order({ id: 'fail0001xxxx', number: 'FLD1K2M3' })], 1, 1, 1)
            : list([order()], 1, 1, 1),
        ),
      '/api/admin/payments': { payments: [] },
    });
    renderWithProviders(<AdminOrdersPage />, { path: '/admin/orders?refund=failed', session: { user: admin } });
    await screen.findByRole('link', { name: 'Order #FLD1K2M3' });
    expect(fetch.mock.calls.some(([path]) => path === '/api/admin/orders?refund=failed')).toBe(true);
    const filter = screen.getByRole('navigation', { name: 'Filter orders by status' });
    expect(within(filter).getByRole('link', { name: 'Refund failed' }).getAttribute('aria-current')).toBe('page');
    expect(within(filter).getByRole('link', { name: /^All/ }).getAttribute('aria-current')).toBeNull();
  });

  it('lists the orders paid with a code over its limit, as the dashboard links them, each one marked', async () => {
    const fetch = mockFetch({
      '/api/admin/orders': (url) =>
        jsonResponse(
          url.searchParams.get('codeOverLimit') === 'true'
            ? list([order({ id: 'code0001xxxx', number: 'CDE1K2M3', codeOverLimit: true })], 1, 1, 0)
            : list([order()], 1, 1, 0),
        ),
      '/api/admin/payments': { payments: [] },
    });
    renderWithProviders(<AdminOrdersPage />, { path: '/admin/orders?codeOverLimit=true', session: { user: admin } });
    const link = await screen.findByRole('link', { name: 'Order #CDE1K2M3' });
    expect(fetch.mock.calls.some(([path]) => path === '/api/admin/orders?codeOverLimit=true')).toBe(true);
    const filter = screen.getByRole('navigation', { name: 'Filter orders by status' });
    expect(within(filter).getByRole('link', { name: 'Code over limit' }).getAttribute('aria-current')).toBe('page');
    expect(within(filter).getByRole('link', { name: /^All/ }).getAttribute('aria-current')).toBeNull();
    const row = link.closest('li')!;
    expect(within(row).getByText('Code over limit').getAttribute('title')).toBe(
      'Code over its limit — the customer paid with a code whose uses had run out',
    );
    expect(within(row).queryByText('Oversold')).toBeNull();
  });

  it('says so when no recent order was paid with a code over its limit', async () => {
    mockFetch({ '/api/admin/orders': list([]), '/api/admin/payments': { payments: [] } });
    renderWithProviders(<AdminOrdersPage />, { path: '/admin/orders?codeOverLimit=true', session: { user: admin } });
    expect(await screen.findByText('No order of the last 30 days was paid with a code over its limit.')).toBeTruthy();
  });

  it('says so when no order has a failed refund', async () => {
    mockFetch({ '/api/admin/orders': list([]), '/api/admin/payments': { payments: [] } });
    renderWithProviders(<AdminOrdersPage />, { path: '/admin/orders?refund=failed', session: { user: admin } });
    expect(await screen.findByText('No order has a failed refund.')).toBeTruthy();
  });

  it('says so when no oversold order is left to refund', async () => {
    mockFetch({ '/api/admin/orders': list([]), '/api/admin/payments': { payments: [] } });
    renderWithProviders(<AdminOrdersPage />, { path: '/admin/orders?oversold=true', session: { user: admin } });
    expect(await screen.findByText('No oversold orders are waiting for a refund.')).toBeTruthy();
  });

  it('shows no oversold banner when there are none', async () => {
    mockFetch({ '/api/admin/orders': list([order()]), '/api/admin/payments': { payments: [] } });
    renderWithProviders(<AdminOrdersPage />, { path: '/admin/orders', session: { user: admin } });
    await screen.findByText('No payments need review.');
    expect(screen.queryByText(/sold out/)).toBeNull();
  });

  it('searches by number, name, e-mail or phone, the search kept in the address and with the filters', async () => {
    const fetch = mockFetch({
      '/api/admin/orders': (url) =>
        jsonResponse(
          url.searchParams.get('q') === '0803 123 4567' ? list([order({ customerName: 'Bola Ade' })]) : list([order()]),
        ),
      '/api/admin/payments': { payments: [] },
    });
    const { currentLocation } = renderWithProviders(<AdminOrdersPage />, {
      path: '/admin/orders?status=paid',
      session: { user: admin },
    });
    const search = await screen.findByRole('searchbox', { name: 'Search by order number, name, e-mail or phone' });
    fireEvent.change(search, { target: { value: '0803 123 4567' } });
    expect(await screen.findByText('Bola Ade')).toBeTruthy();
    expect(currentLocation()).toBe('/admin/orders?status=paid&q=0803+123+4567');
    const asked = fetch.mock.calls
      .map(([input]) => new URL(urlOf(input), 'http://shop.test'))
      .filter((u) => u.pathname === '/api/admin/orders');
    expect(asked.at(-1)!.searchParams.get('q')).toBe('0803 123 4567');
    // A filter keeps the search.
    expect(screen.getByRole('link', { name: 'Shipped (0)' }).getAttribute('href')).toBe(
      '/admin/orders?status=shipped&q=0803+123+4567',
    );
  });

  it("shows a packer each order's name, phone and items, with no total, e-mail or payments to review", async () => {
    const fetch = mockFetch({
      '/api/admin/orders': { orders: [packingOrder()], total: 1, page: 1, pageSize: 20, counts, oversold: 0 },
    });
    renderWithProviders(<AdminOrdersPage />, { path: '/admin/orders', session: { user: staffUser('packer') } });
    expect(await screen.findByText('Ada Obi')).toBeTruthy();
    expect(screen.getByText('+234 803 000 0000')).toBeTruthy();
    expect(screen.getByText('3 items')).toBeTruthy();
    expect(screen.queryByText('ada@example.com')).toBeNull();
    expect(screen.queryByText('₦170,000.50')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Payments to review' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'New order' })).toBeNull();
    expect(screen.getByRole('searchbox', { name: 'Search by order number, name or phone' })).toBeTruthy();
    expect(fetch.mock.calls.some(([input]) => urlOf(input).includes('/api/admin/payments'))).toBe(false);
  });
});
