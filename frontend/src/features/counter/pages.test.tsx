import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CounterDay, Oversold } from './api';
import DayPage from './DayPage';
import LabelsPage, { labelsOf } from './LabelsPage';
import OversoldPage from './OversoldPage';
import { exchangeText, pendingExchange } from './exchange';
import { lagosToday } from './ui';
import type { StockPage, StockRow } from '@/lib/types';
import { admin, jsonResponse, mockFetch, renderWithProviders, termRows } from '@/test/utils';

const DAY: CounterDay = {
  // Today in Lagos, as the page asks: from 23:00 UTC Lagos is already on the next day.
  date: lagosToday(),
  cashiers: [
    {
      cashierId: 'u-bisi',
      name: 'Bisi',
      sales: 3,
      cash: 4_500_000,
      transfer: 1_000_000,
      returned: 0,
      payLink: 500_000,
      giftCard: 0,
      storeCredit: 0,
      total: 6_000_000,
      counted: 4_450_000,
      difference: -50_000,
      countedAt: 1_764_400_000_000,
      note: null,
    },
    {
      cashierId: 'u-tunde',
      name: 'Tunde',
      sales: 1,
      cash: 1_000_000,
      transfer: 0,
      returned: 0,
      payLink: 0,
      giftCard: 0,
      storeCredit: 0,
      total: 1_000_000,
      counted: null,
      difference: null,
      countedAt: null,
      note: null,
    },
  ],
  byMethod: { cash: 5_500_000, transfer: 1_000_000, payLink: 500_000, giftCard: 0, storeCredit: 0 },
  total: 7_000_000,
};

describe('End of day', () => {
  it('shows each cashier’s expected and counted cash and the day by payment; counts the cash', async () => {
    const user = userEvent.setup();
    let counted: unknown = null;
    const fetch = mockFetch({
      '/api/counter/day': DAY,
      '/api/counter/sales': { sales: [] },
      'POST /api/counter/cash-ups': (_url: URL, init?: RequestInit) => {
        counted = JSON.parse(init?.body as string);
        return jsonResponse({ ...DAY.cashiers[1], counted: 1_000_000, difference: 0, countedAt: 1 }, 201);
      },
    });
    renderWithProviders(<DayPage />, { path: '/admin/counter/day', session: { user: admin } });
    const table = await screen.findByRole('table', { name: 'Each cashier’s cash' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual(['Bisi3₦45,000.00₦44,500.00₦500.00 short', 'Tunde1₦10,000.00Not counted yet—']);
    expect(screen.getByText('₦70,000.00')).toBeTruthy();
    expect(fetch.mock.calls[0]![0] as string).toContain(`date=${lagosToday()}`);
    await screen.findByText('No sales on this day.');

    await user.click(screen.getByRole('button', { name: 'Save the count' }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('Type the cash counted, in naira.');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Whose cash' }), 'u-tunde');
    await user.type(screen.getByRole('textbox', { name: /Cash counted/ }), '10,000');
    await user.click(screen.getByRole('button', { name: 'Save the count' }));
    await screen.findByText('Counted ₦10,000.00 for Tunde: ₦0.00, exact.');
    expect(counted).toEqual({ date: lagosToday(), counted: '10,000', cashierId: 'u-tunde' });
  });
});

describe('End of day by payment', () => {
  it('shows what gift cards and store credit paid apart, when they paid', async () => {
    mockFetch({
      '/api/counter/day': {
        ...DAY,
        byMethod: { ...DAY.byMethod, giftCard: 300_000, storeCredit: 200_000 },
        total: 7_500_000,
      },
      '/api/counter/sales': { sales: [] },
    });
    renderWithProviders(<DayPage />, { path: '/admin/counter/day', session: { user: admin } });
    await screen.findByText('₦75,000.00');
    expect(termRows(document, '.counter-receipt__sums > div')).toEqual([
      ['Cash', '₦55,000.00'],
      ['Bank transfer', '₦10,000.00'],
      ['Pay link', '₦5,000.00'],
      ['Gift card', '₦3,000.00'],
      ['Store credit', '₦2,000.00'],
      ['Total', '₦75,000.00'],
    ]);
  });
});

describe('Bringing items back', () => {
  it('sends the units chosen and whether they go back on sale, and says the cash to give back', async () => {
    const user = userEvent.setup();
    let asked: unknown = null;
    const sale = {
      id: 'o1',
      number: 'K7M2',
      saleId: 'c-1',
      status: 'paid',
      subtotal: 5_000_000,
      discount: 0,
      total: 5_000_000,
      change: 0,
      lines: [
        {
          variantId: 'v1',
          name: 'Ankara Wrap Dress',
          size: 'M',
          color: 'Red',
          sku: 'AWD-M-RED',
          price: 2_500_000,
          quantity: 2,
          returned: 1,
        },
      ],
      tenders: [{ method: 'cash', amount: 5_000_000, tendered: null, last4: null }],
      payLink: null,
      cashier: 'Bisi',
      customerName: null,
      customerPhone: null,
      madeAt: 1_764_400_000_000,
      recordedAt: 1_764_400_000_000,
      offline: false,
      shortfalls: [],
      returnedCash: 2_500_000,
    };
    mockFetch({
      '/api/counter/day': DAY,
      '/api/counter/sales': { sales: [sale] },
      'POST /api/counter/sales/o1/returns': (_url: URL, init?: RequestInit) => {
        asked = JSON.parse(init?.body as string);
        return jsonResponse({ cash: 2_500_000, sale: { ...sale, lines: [{ ...sale.lines[0], returned: 2 }] } });
      },
    });
    renderWithProviders(<DayPage />, { path: '/admin/counter/day', session: { user: admin } });
    await user.click(await screen.findByRole('button', { name: 'Bring back items' }));
    const form = screen.getByRole('form', { name: 'Bring back items of sale K7M2' });
    await user.click(within(form).getByRole('button', { name: 'Give the cash back' }));
    expect(within(form).getByRole('alert').textContent).toBe('Choose the items brought back.');
    const units = within(form).getByRole('spinbutton', { name: /Ankara Wrap Dress, M, Red \(up to 1\)/ });
    await user.clear(units);
    await user.type(units, '5');
    expect((units as HTMLInputElement).value).toBe('1');
    await user.click(within(form).getByRole('checkbox', { name: /Damaged/ }));
    await user.click(within(form).getByRole('button', { name: 'Give the cash back' }));
    await within(form).findByText('Give ₦25,000.00 back in cash.');
    expect(asked).toEqual({ lines: [{ variantId: 'v1', quantity: 1 }], backOnSale: false });
  });
});

const FOUND = {
  id: 'o9',
  number: 'Q4ZP8N2A',
  saleId: 'c-9',
  status: 'paid',
  subtotal: 3_000_000,
  discount: 0,
  total: 3_000_000,
  change: 0,
  lines: [
    {
      variantId: 'v1',
      name: 'Ankara Wrap Dress',
      size: 'M',
      color: 'Red',
      sku: 'AWD-M-RED',
      price: 3_000_000,
      quantity: 1,
      returned: 0,
    },
  ],
  tenders: [
    { method: 'cash', amount: 1_000_000, tendered: 1_000_000, last4: null },
    { method: 'gift_card', amount: 2_000_000, tendered: null, last4: 'WXYZ' },
  ],
  payLink: null,
  cashier: 'Tunde',
  customerName: null,
  customerPhone: null,
  madeAt: 1_764_300_000_000,
  recordedAt: 1_764_300_000_000,
  offline: false,
  shortfalls: [],
  returnedCash: 0,
} as const;

describe('Bringing items back by the receipt number', () => {
  it('finds a sale of any till (the # and spaces left out) and says the gift card’s part beside the cash', async () => {
    const user = userEvent.setup();
    let asked: unknown = null;
    mockFetch({
      '/api/counter/day': DAY,
      '/api/counter/sales': { sales: [] },
      '/api/counter/receipts/NOPE1234': () =>
        jsonResponse({ error: 'not_found', message: 'We found no counter sale with this receipt number.' }, 404),
      '/api/counter/receipts/Q4ZP8N2A': FOUND,
      'POST /api/counter/sales/o9/returns': (_url: URL, init?: RequestInit) => {
        asked = JSON.parse(init?.body as string);
        return jsonResponse({
          cash: 1_000_000,
          toGiftCard: 2_000_000,
          sale: { ...FOUND, lines: [{ ...FOUND.lines[0], returned: 1 }], returnedCash: 1_000_000 },
        });
      },
    });
    renderWithProviders(<DayPage />, { path: '/admin/counter/day', session: { user: admin } });
    const panel = await screen.findByRole('region', { name: 'Bring back items' });
    const number = within(panel).getByRole('textbox', { name: 'Receipt number' });
    await user.click(within(panel).getByRole('button', { name: 'Find' }));
    expect(
      within(panel)
        .getAllByRole('alert')
        .map((a) => a.textContent),
    ).toContain('Type the number printed on the receipt.');
    await user.type(number, 'nope1234{Enter}');
    await within(panel).findByText('We found no counter sale with this receipt number.');
    await user.clear(number);
    await user.type(number, '# q4zp 8n2a');
    await user.click(within(panel).getByRole('button', { name: 'Find' }));
    const found = await within(panel).findByRole('group', { name: 'Sale Q4ZP8N2A' });
    expect(found.textContent).toContain('served by Tunde');
    expect(found.textContent).toContain('₦30,000.00 paid by Cash, Gift card');
    const form = within(found).getByRole('form', { name: 'Bring back items of sale Q4ZP8N2A' });
    await user.type(within(form).getByRole('spinbutton'), '1');
    await user.click(within(form).getByRole('button', { name: 'Give the cash back' }));
    await within(found).findByText('Give ₦10,000.00 back in cash. ₦20,000.00 back on the gift card.');
    expect(asked).toEqual({ lines: [{ variantId: 'v1', quantity: 1 }], backOnSale: true });
    expect(found.textContent).toContain('Everything on this sale has been brought back already.');
  });

  it('Exchange records the return, then opens the counter with the cash given back', async () => {
    const user = userEvent.setup();
    sessionStorage.clear();
    mockFetch({
      '/api/counter/day': DAY,
      '/api/counter/sales': { sales: [] },
      '/api/counter/receipts/Q4ZP8N2A': FOUND,
      'POST /api/counter/sales/o9/returns': () => jsonResponse({ cash: 1_000_000, toGiftCard: 0, sale: FOUND }),
    });
    const { currentLocation } = renderWithProviders(<DayPage />, {
      path: '/admin/counter/day',
      session: { user: admin },
    });
    const panel = await screen.findByRole('region', { name: 'Bring back items' });
    await user.type(within(panel).getByRole('textbox', { name: 'Receipt number' }), 'Q4ZP8N2A{Enter}');
    const form = await within(panel).findByRole('form', { name: 'Bring back items of sale Q4ZP8N2A' });
    await user.type(within(form).getByRole('spinbutton'), '1');
    await user.click(within(form).getByRole('button', { name: 'Exchange' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin/counter'));
    expect(pendingExchange()).toEqual({ number: 'Q4ZP8N2A', cash: 1_000_000, toGiftCard: 0 });
    expect(exchangeText(pendingExchange()!)).toBe('Exchange for receipt #Q4ZP8N2A: ₦10,000.00 given back');
  });
});

const OVERSOLD: Oversold = {
  open: [
    {
      orderId: 'o1',
      number: 'K7M2',
      saleId: 'c-1',
      madeAt: 1_764_390_000_000,
      recordedAt: 1_764_400_000_000,
      resolution: null,
      resolvedAt: null,
      cashier: 'Bisi',
      lines: [{ variantId: 'v1', name: 'Ankara Wrap Dress', size: 'M', color: 'Red', sku: 'AWD-M-RED', short: 1 }],
    },
  ],
  resolved: [
    {
      orderId: 'o0',
      number: 'K7M1',
      saleId: 'c-0',
      madeAt: 1_764_290_000_000,
      recordedAt: 1_764_300_000_000,
      cashier: 'Bisi',
      lines: [{ variantId: 'v2', name: 'Adire Scarf', size: null, color: 'Indigo', sku: null, short: 2 }],
      resolvedAt: 1_764_350_000_000,
      resolution: 'contacted',
    },
  ],
};

describe('Oversold at the counter', () => {
  it('lists the open ones with their shortfall, resolves one, and shows the resolved below', async () => {
    const user = userEvent.setup();
    const resolve = vi.fn(() => jsonResponse({ ...OVERSOLD.open[0], resolution: 'restocked', resolvedAt: 1 }));
    mockFetch({ '/api/admin/counter/oversold': OVERSOLD, 'POST /api/admin/counter/oversold/o1/resolve': resolve });
    renderWithProviders(<OversoldPage />, { path: '/admin/counter/oversold', session: { user: admin } });
    const open = await screen.findByRole('region', { name: 'To resolve' });
    expect(within(open).getByText(/short/).parentElement?.textContent).toBe(
      '1 short of Ankara Wrap Dress (M, Red) · AWD-M-RED',
    );
    const resolved = screen.getByRole('region', { name: 'Resolved' });
    expect(resolved.textContent).toContain('2 short of Adire Scarf (Indigo)');
    expect(resolved.textContent).toContain('Contacted the customer');
    await user.click(within(open).getByRole('button', { name: 'Restocked' }));
    await waitFor(() => expect(resolve).toHaveBeenCalled());
    expect(JSON.parse((resolve.mock.calls[0] as unknown as [URL, RequestInit])[1].body as string)).toEqual({
      resolution: 'restocked',
    });
  });
});

const row = (over: Partial<StockRow>): StockRow => ({
  variantId: 'v1',
  productId: 'p1',
  productName: 'Ankara Wrap Dress',
  size: 'M',
  color: 'Red',
  sku: 'AWD-M-RED',
  stock: 2,
  reserved: 0,
  waiting: 0,
  ...over,
});

describe('Barcode labels', () => {
  it('lists variants, one without a SKU not to be chosen, and previews the labels chosen', async () => {
    const user = userEvent.setup();
    const page: StockPage = {
      rows: [row({}), row({ variantId: 'v2', sku: null, size: 'L' })],
      lowCount: 0,
      soldOutCount: 0,
      lowStockLevel: 3,
      page: 1,
      pageSize: 50,
      total: 2,
    };
    mockFetch({ '/api/admin/stock': page, '/api/products/p1': { id: 'p1', price: 2_500_000 } });
    renderWithProviders(<LabelsPage />, { path: '/admin/labels', session: { user: admin } });
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('row', { name: /\(L, Red\)/ }).textContent).toContain('No SKU');
    expect(within(table).queryByRole('checkbox', { name: 'Choose Ankara Wrap Dress (L, Red)' })).toBeNull();
    await user.click(within(table).getByRole('checkbox', { name: 'Choose Ankara Wrap Dress (M, Red)' }));
    // As many labels as there are in stock, to label the stock once.
    expect(within(table).getByRole('spinbutton', { name: 'Labels of Ankara Wrap Dress (M, Red)' })).toHaveProperty(
      'value',
      '2',
    );
    const sheet = screen.getByLabelText('Labels to print');
    expect(within(sheet).getAllByText('Ankara Wrap Dress')).toHaveLength(2);
    await waitFor(() => expect(sheet.textContent).toContain('M, Red · ₦25,000.00'));
    expect(screen.getByRole('button', { name: 'Print A4 sheet' })).toHaveProperty('disabled', false);
  });

  it('prints EAN-13 when chosen: the server’s number, or a label that says it has none', async () => {
    const user = userEvent.setup();
    const page: StockPage = {
      rows: [row({}), row({ variantId: 'v2', sku: null, size: 'L' })],
      lowCount: 0,
      soldOutCount: 0,
      lowStockLevel: 3,
      page: 1,
      pageSize: 50,
      total: 2,
    };
    const catalogue = {
      at: 1,
      lowStock: 3,
      products: [
        {
          productId: 'p1',
          name: 'Ankara Wrap Dress',
          image: null,
          price: 2_500_000,
          variants: [
            {
              variantId: 'v1',
              sku: 'AWD-M-RED',
              ean: '2000000000015',
              size: 'M',
              color: 'Red',
              stock: 2,
              priceToken: 't',
            },
            { variantId: 'v2', sku: null, ean: null, size: 'L', color: 'Red', stock: 2, priceToken: 't' },
          ],
        },
      ],
    };
    mockFetch({
      '/api/admin/stock': page,
      '/api/products/p1': { id: 'p1', price: 2_500_000 },
      '/api/counter/catalogue': catalogue,
    });
    renderWithProviders(<LabelsPage />, { path: '/admin/labels', session: { user: admin } });
    const table = await screen.findByRole('table');
    await user.click(screen.getByRole('radio', { name: 'EAN-13' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Choose Ankara Wrap Dress (M, Red)' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Choose Ankara Wrap Dress (L, Red)' }));
    const sheet = screen.getByLabelText('Labels to print');
    await waitFor(() =>
      expect(within(sheet).getAllByRole('img', { name: 'Barcode EAN-13 2000000000015' })).toHaveLength(2),
    );
    expect(within(sheet).getAllByText('No EAN-13 for this variant: print it as Code 128.')).toHaveLength(2);
    await user.click(screen.getByRole('radio', { name: 'Code 128 (SKU)' }));
    expect(within(sheet).getAllByRole('img', { name: 'Barcode Code 128 AWD-M-RED' })).toHaveLength(2);
    expect(within(sheet).getAllByText('No SKU: give it one to print Code 128.')).toHaveLength(2);
  });

  it('repeats each chosen variant as many times as asked, in the order chosen', () => {
    const a = row({});
    const b = row({ variantId: 'v2' });
    expect(
      labelsOf([
        { row: a, copies: 2 },
        { row: b, copies: 1 },
      ]).map((r) => r.variantId),
    ).toEqual(['v1', 'v1', 'v2']);
  });
});
