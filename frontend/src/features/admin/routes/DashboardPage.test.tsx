import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import DashboardPage from './DashboardPage';
import { Header } from '@/components/Header';
import { Sidebar } from '@/components/Sidebar';
import type { Dashboard } from '@/lib/types';
import { admin, customer, jsonResponse, mockFetch, renderWithProviders, staffUser } from '@/test/utils';

/** 30 days to 23 Nov 2026: ₦10,000.00 a day and one order, but none on 10 Nov and ₦95,000.50 on 20 Nov. */
function dashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  const daily = Array.from({ length: 30 }, (_, i) => {
    const day = new Date(Date.UTC(2026, 9, 25 + i)).toISOString().slice(0, 10);
    if (day === '2026-11-10') return { day, revenue: 0, orders: 0 };
    if (day === '2026-11-20') return { day, revenue: 9_500_050, orders: 3 };
    return { day, revenue: 1_000_000, orders: 1 };
  });
  return {
    today: { revenue: 1_000_000, orders: 1 },
    week: { revenue: 15_500_050, orders: 9 },
    month: { revenue: 37_500_050, orders: 31 },
    daily,
    waiting: { placed: 1, paid: 4, processing: 2, shipped: 0 },
    bestSellers: [
      { productId: 'oxford-brogue', name: 'Oxford Brogue', units: 12, revenue: 30_000_000 },
      { productId: null, name: 'Retired Loafer', units: 1, revenue: 1_800_000 },
    ],
    lowStock: [
      { variantId: 'v1', productId: 'oxford-brogue', name: 'Oxford Brogue', size: '42', color: 'Black', stock: 2 },
      { variantId: 'v2', productId: 'heritage-watch', name: 'Heritage Chronograph', size: null, color: null, stock: 0 },
    ],
    paymentsToReview: 1,
    oversoldToRefund: 2,
    codeOverLimit: 3,
    failedRefunds: 0,
    toCollect: 17_510_000,
    toCollectOrders: 2,
    owedByLink: 0,
    owedByLinkOrders: 0,
    bagReminders: { sent: 4, followedByOrder: 1 },
    failedMail: 0,
    channels: { website: 30_000_000, chats: 5_000_000, counter: 2_500_050 },
    returns: {
      byReason: [
        { reason: 'too_small', units: 3 },
        { reason: 'damaged', units: 1 },
      ],
      byProduct: [
        { productId: 'oxford-brogue', name: 'Oxford Brogue', returned: 4, sold: 20, rate: 20, runsSmall: true },
      ],
      creditOutstanding: 3_000_000,
    },
    ...overrides,
  };
}

function renderDashboard() {
  return renderWithProviders(<DashboardPage />, { path: '/admin/dashboard', session: { user: admin } });
}

describe('dashboard', () => {
  it('shows sales today, over 7 and 30 days, in naira, and the cash still to collect', async () => {
    mockFetch({ '/api/admin/dashboard': dashboard() });
    renderDashboard();
    const sales = await screen.findByRole('region', { name: 'Sales' });
    const cards = within(sales).getAllByRole('listitem');
    expect(cards.map((c) => c.textContent)).toEqual([
      'Today₦10,000.001 order',
      'Last 7 days₦155,000.509 orders',
      'Last 30 days₦375,000.5031 orders',
      'Cash to collect₦175,100.002 orders',
    ]);
    expect(document.title).toBe('Dashboard — Ankara');
  });

  it('splits the last 30 days of revenue by channel: website, chats, the counter', async () => {
    const channels = { website: 30_000_000, chats: 5_000_000, counter: 15_000_000 };
    mockFetch({ '/api/admin/dashboard': dashboard({ channels }) });
    renderDashboard();
    const card = await screen.findByRole('region', { name: 'Sales by channel, last 30 days' });
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Website₦300,000.00 (60%)', 'Chats₦50,000.00 (10%)', 'Counter₦150,000.00 (30%)']);
  });

  it('says "Cash to collect ₦0.00 (0 orders)" with nothing out for delivery', async () => {
    mockFetch({ '/api/admin/dashboard': dashboard({ toCollect: 0, toCollectOrders: 0 }) });
    renderDashboard();
    const sales = await screen.findByRole('region', { name: 'Sales' });
    expect(within(sales).getAllByRole('listitem').at(-1)?.textContent).toBe('Cash to collect₦0.000 orders');
  });

  it('draws daily revenue as 30 bars in one image with a spoken summary, and the figures in a table', async () => {
    mockFetch({ '/api/admin/dashboard': dashboard() });
    renderDashboard();
    const chart = await screen.findByRole('img', { name: /^Daily revenue/ });
    expect(chart.tagName.toLowerCase()).toBe('svg');
    expect(chart.getAttribute('aria-label')).toBe(
      'Daily revenue for the last 30 days, 25 Oct to 23 Nov: ₦375,000.50 from 31 orders in all; ' +
        'best day Fri, 20 Nov with ₦95,000.50; 1 day without sales; today ₦10,000.00.',
    );
    const bars = chart.querySelectorAll('rect');
    expect(bars).toHaveLength(30);
    // The best day fills the chart up to its scale (₦100,000.00); the day without sales has no bar.
    expect(screen.getByText('₦100,000.00')).toBeTruthy();
    const best = Array.from(bars).find((b) => b.textContent?.startsWith('Fri, 20 Nov'))!;
    expect(Number(best.getAttribute('height'))).toBeCloseTo(95.0005, 3);
    expect(
      Array.from(bars)
        .find((b) => b.textContent?.startsWith('Tue, 10 Nov'))!
        .getAttribute('height'),
    ).toBe('0');
    expect(bars[29]!.getAttribute('class')).toContain('is-today');
    // Exact figures for anyone who wants them, newest first.
    const table = screen.getByRole('table', { hidden: true });
    const rows = within(table).getAllByRole('row', { hidden: true });
    expect(rows).toHaveLength(31);
    expect(rows[1]!.textContent).toBe('Mon, 23 Nov1₦10,000.00');
  });

  it('links each waiting status and each thing needing a look to its list', async () => {
    mockFetch({ '/api/admin/dashboard': dashboard() });
    renderDashboard();
    const waiting = await screen.findByRole('region', { name: 'Orders waiting' });
    expect(
      within(waiting)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['1Placedpay on delivery, to prepare', '/admin/orders?status=placed'],
      ['4Paidto prepare', '/admin/orders?status=paid'],
      ['2Processingto ship', '/admin/orders?status=processing'],
      ['0Shippedto deliver', '/admin/orders?status=shipped'],
    ]);
    const look = screen.getByRole('region', { name: 'Needs a look' });
    const links = within(look).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['1Payments to reviewfailed or mismatched', '/admin/orders#payments'],
      ['2Oversold to refundpaid after selling out', '/admin/orders?oversold=true'],
      ['0Failed refundsopen the order to try again', '/admin/orders?refund=failed'],
      ['3Codes over their limitpaid with a used-up code, 30 days', '/admin/orders?codeOverLimit=true'],
      ['0Failed mailnot sent; retry it', '/admin/mail'],
      ['4Bag reminders sent30 days; 1 order followed within 7 days', '/admin/settings'],
    ]);
    // Something to do stands out; nothing to do does not.
    expect(links[0]!.className).toContain('is-hot');
    expect(links[2]!.className).not.toContain('is-hot');
    expect(links[3]!.className).toContain('is-hot');
  });

  it('counts returns by reason and by product, with the credit customers hold', async () => {
    mockFetch({ '/api/admin/dashboard': dashboard() });
    renderDashboard();
    const returns = await screen.findByRole('region', { name: 'Returns' });
    expect(within(returns).getByText('Store credit held by customers: ₦30,000.00')).toBeTruthy();
    const reasons = within(returns).getByRole('list', { name: 'Returns by reason' });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Too small3 units', 'Damaged or faulty1 unit']);
    const products = within(returns).getByRole('list', { name: 'Most returned products' });
    expect(products.textContent).toBe('Oxford Brogue · runs small4 returned of 20 sold (20%)');
  });

  it('lists the best sellers and the low stock', async () => {
    mockFetch({ '/api/admin/dashboard': dashboard() });
    renderDashboard();
    const best = await screen.findByRole('region', { name: 'Best sellers, last 30 days' });
    const rows = within(best).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      '1Oxford Brogue12 units₦300,000.00',
      '2Retired Loafer1 unit₦18,000.00',
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Oxford Brogue' }).getAttribute('href')).toBe(
      '/product/oxford-brogue',
    );
    expect(within(rows[1]!).queryByRole('link')).toBeNull();

    const low = screen.getByRole('region', { name: 'Low stock' });
    expect(
      within(low)
        .getAllByRole('listitem')
        .map((r) => r.textContent),
    ).toEqual(['Oxford Brogue42 · Black2 left', 'Heritage ChronographSold out']);
    expect(within(low).getByRole('link', { name: 'Manage stock' }).getAttribute('href')).toBe('/admin/stock');
  });

  it('says when there is nothing to list', async () => {
    mockFetch({ '/api/admin/dashboard': dashboard({ bestSellers: [], lowStock: [] }) });
    renderDashboard();
    expect(await screen.findByText('No sales in the last 30 days.')).toBeTruthy();
    expect(screen.getByText('Nothing is running low.')).toBeTruthy();
  });

  it('shows a refused request', async () => {
    mockFetch({ '/api/admin/dashboard': () => jsonResponse({ error: 'forbidden', message: 'Admins only.' }, 403) });
    renderDashboard();
    expect(await screen.findByText('Error: Admins only.')).toBeTruthy();
  });
});

describe('orders export', () => {
  it('downloads the orders of the chosen days as a CSV file', async () => {
    const fetch = mockFetch({
      '/api/admin/dashboard': dashboard(),
      '/api/admin/orders.csv': () =>
        new Response('order,date\nK7M2QX9A,2026-11-02\n', {
          status: 200,
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="ankara-orders-2026-11-01-2026-11-23.csv"',
          },
        }),
    });
    // jsdom has no object URLs.
    const saved = Object.getOwnPropertyDescriptors(URL);
    URL.createObjectURL = vi.fn(() => 'blob:orders');
    URL.revokeObjectURL = vi.fn();
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderDashboard();
    const form = screen.getByRole('form', { name: 'Export orders (CSV)' });
    fireEvent.change(within(form).getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(within(form).getByLabelText('To'), { target: { value: '2026-11-23' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Export orders (CSV)' }));
    expect(await screen.findByText('Orders from 2026-11-01 to 2026-11-23 downloaded.')).toBeTruthy();
    expect(fetch.mock.calls.map(([path]) => path)).toContain('/api/admin/orders.csv?from=2026-11-01&to=2026-11-23');
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe('ankara-orders-2026-11-01-2026-11-23.csv');
    expect(clicked[0]!.getAttribute('href')).toBe('blob:orders');
    click.mockRestore();
    for (const name of ['createObjectURL', 'revokeObjectURL'] as const) {
      if (saved[name]) Object.defineProperty(URL, name, saved[name]);
      else delete (URL as Partial<typeof URL>)[name];
    }
  });

  it('checks the dates, and shows the server refusing them', async () => {
    const fetch = mockFetch({
      '/api/admin/dashboard': dashboard(),
      '/api/admin/orders.csv': () =>
        jsonResponse({ error: 'bad_request', message: 'Choose a range of at most 366 days.' }, 400),
    });
    renderDashboard();
    const form = screen.getByRole('form', { name: 'Export orders (CSV)' });
    const button = within(form).getByRole('button', { name: 'Export orders (CSV)' });
    fireEvent.change(within(form).getByLabelText('From'), { target: { value: '2026-11-24' } });
    fireEvent.change(within(form).getByLabelText('To'), { target: { value: '2026-11-23' } });
    fireEvent.click(button);
    const refusal = await screen.findByText('Choose a start date on or before the end date.');
    expect(refusal.closest('[role="alert"]')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('From'), { target: { value: '' } });
    fireEvent.click(button);
    expect(await screen.findByText('Choose the start date.')).toBeTruthy();
    expect(fetch.mock.calls.some(([path]) => (path as string).includes('orders.csv'))).toBe(false);

    fireEvent.change(within(form).getByLabelText('From'), { target: { value: '2020-01-01' } });
    fireEvent.click(button);
    expect(await screen.findByText('Choose a range of at most 366 days.')).toBeTruthy();
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  });
});

describe('dashboard links', () => {
  it('is in the header and the sidebar for admins only', () => {
    const ref = { current: null };
    const { unmount } = renderWithProviders(
      <>
        <Header onOpenMenu={() => {}} menuOpen={false} menuButtonRef={ref} />
        <Sidebar open onClose={() => {}} returnFocusRef={ref} />
      </>,
      { session: { user: admin } },
    );
    const header = screen.getByRole('navigation', { name: 'Main' });
    expect(within(header).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/admin/dashboard');
    const sidebar = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(sidebar).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/admin/dashboard');
    unmount();
    renderWithProviders(
      <>
        <Header onOpenMenu={() => {}} menuOpen={false} menuButtonRef={ref} />
        <Sidebar open onClose={() => {}} returnFocusRef={ref} />
      </>,
      { session: { user: customer } },
    );
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it('links a manager only to the screens a manager may open (no Settings, no Admin Management)', async () => {
    mockFetch({ '/api/admin/dashboard': dashboard() });
    renderWithProviders(<DashboardPage />, { path: '/admin/dashboard', session: { user: staffUser('manager') } });
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(links).toContain('Orders');
    expect(links).toContain('Discount codes');
    expect(links).not.toContain('Settings');
    expect(links).not.toContain('Admin Management');
  });
});
