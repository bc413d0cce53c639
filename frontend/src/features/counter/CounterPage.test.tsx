import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Catalogue, CounterSale, SaleBody } from './api';
import { CATALOGUE_KEY } from './catalogue';
import CounterPage from './CounterPage';
import { pendingExchange, startExchange } from './exchange';
import { QUEUE_KEY, queueState, reloadQueue } from './queue';
import { setOfflineMode } from '@/lib/offlineCounter';
import { admin, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

const CATALOGUE: Catalogue = {
  at: 1_764_400_000_000,
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
          stock: 4,
          priceToken: 'tok1',
        },
        {
          variantId: 'v2',
          sku: 'AWD-L-RED',
          ean: '2000000000022',
          size: 'L',
          color: 'Red',
          stock: 0,
          priceToken: 'tok2',
        },
      ],
    },
    {
      productId: 'p2',
      name: 'Adire Scarf',
      image: null,
      price: 450_000,
      variants: [{ variantId: 'v3', sku: null, ean: null, size: null, color: 'Indigo', stock: 9, priceToken: 'tok3' }],
    },
  ],
};

function recorded(body: SaleBody, extra: Partial<CounterSale> = {}): CounterSale {
  const subtotal = 2_500_000 * body.lines[0]!.quantity;
  return {
    id: 'o1',
    number: 'K7M2',
    saleId: body.saleId,
    status: 'paid',
    subtotal,
    discount: 0,
    total: subtotal,
    change: 0,
    lines: [
      {
        variantId: 'v1',
        name: 'Ankara Wrap Dress',
        size: 'M',
        color: 'Red',
        sku: 'AWD-M-RED',
        price: 2_500_000,
        quantity: body.lines[0]!.quantity,
        returned: 0,
      },
    ],
    tenders: body.tenders.map((t) => ({
      method: t.method,
      amount: t.amount,
      tendered: t.tendered ?? null,
      last4: null,
    })),
    payLink: null,
    cashier: 'Chidi Admin',
    customerName: null,
    customerPhone: null,
    madeAt: body.madeAt,
    recordedAt: body.madeAt,
    offline: body.offline,
    shortfalls: [],
    returnedCash: 0,
    ...extra,
  };
}

/** What the page's alerts say now. */
const alerts = () => screen.getAllByRole('alert').map((a) => a.textContent);

function renderCounter() {
  return renderWithProviders(<CounterPage />, { path: '/admin/counter', session: { user: admin } });
}

async function addBySku(user: ReturnType<typeof userEvent.setup>, sku: string) {
  const box = await screen.findByRole('textbox', { name: /Name or SKU/ });
  await user.clear(box);
  await user.type(box, `${sku}{Enter}`);
}

describe('the counter', () => {
  beforeEach(() => {
    localStorage.removeItem(QUEUE_KEY);
    localStorage.removeItem(CATALOGUE_KEY);
    reloadQueue();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  });

  it('sells two by SKU for cash, shows the change live, refuses too little cash, then shows the receipt', async () => {
    const user = userEvent.setup();
    let sent: SaleBody | null = null;
    mockFetch({
      '/api/counter/catalogue': CATALOGUE,
      'POST /api/counter/sales': (_url: URL, init?: RequestInit) => {
        sent = JSON.parse(init?.body as string) as SaleBody;
        return jsonResponse(recorded(sent, { change: 1_000_000 }), 201);
      },
    });
    renderCounter();
    await addBySku(user, 'awd-m-red');
    await addBySku(user, 'AWD-M-RED');
    const items = screen.getByRole('list', { name: 'Items in the sale' });
    expect(within(items).getByText('2')).toBeTruthy();
    expect(screen.getByTestId('counter-total').textContent).toBe('₦50,000.00');

    const cash = screen.getByRole('textbox', { name: /Cash tendered/ });
    await user.type(cash, '40000');
    expect(screen.getByText('Short by ₦10,000.00')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Record the sale/ }));
    expect(alerts()).toContain('The cash tendered is less than the cash due.');
    expect(sent).toBeNull();

    await user.clear(cash);
    await user.type(cash, '60,000');
    expect(screen.getByText('Change: ₦10,000.00')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Record the sale/ }));
    await screen.findByRole('heading', { name: 'Sale K7M2 recorded' });
    expect(sent).toMatchObject({
      offline: false,
      lines: [{ variantId: 'v1', quantity: 2, price: 2_500_000, priceAt: CATALOGUE.at, priceToken: 'tok1' }],
      tenders: [{ method: 'cash', amount: 5_000_000, tendered: 6_000_000 }],
    });
    expect(sent!.saleId).toMatch(/^c-[A-Za-z0-9_-]{6,62}$/);
    const receipt = screen.getByRole('article', { name: 'Receipt' });
    expect(receipt.textContent).toContain('Receipt K7M2');
    expect(receipt.textContent).toContain('Served by Chidi Admin');
    expect(receipt.textContent).toContain('Change₦10,000.00');
    expect(screen.getByRole('button', { name: 'Print 80 mm' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print A4' })).toBeTruthy();
    // No customer's phone: nothing to send on WhatsApp.
    expect(screen.getByRole('button', { name: 'Send by WhatsApp' })).toHaveProperty('disabled', true);
    // The device's copy of the stock is down by the two sold.
    expect((JSON.parse(localStorage.getItem(CATALOGUE_KEY)!) as Catalogue).products[0]!.variants[0]!.stock).toBe(2);
  });

  it('shows the pay link as a QR code and moves on to the receipt when a poll says it is paid', async () => {
    const user = userEvent.setup();
    let polls = 0;
    let body: SaleBody | null = null;
    mockFetch({
      '/api/counter/catalogue': CATALOGUE,
      'POST /api/counter/sales': (_url: URL, init?: RequestInit) => {
        body = JSON.parse(init?.body as string) as SaleBody;
        return jsonResponse(recorded(body, { status: 'awaiting_payment', payLink: 'http://shop.test/pay/TOKEN' }), 201);
      },
      'GET /api/counter/sales/o1': () => {
        polls += 1;
        return jsonResponse(
          recorded(body!, polls < 2 ? { status: 'awaiting_payment', payLink: 'http://shop.test/pay/TOKEN' } : {}),
        );
      },
    });
    renderCounter();
    await addBySku(user, 'AWD-M-RED');
    await user.click(screen.getByRole('radio', { name: 'Pay link (QR)' }));
    await user.click(screen.getByRole('button', { name: /Record the sale/ }));
    await screen.findByRole('heading', { name: 'Scan to pay ₦25,000.00' });
    expect(body!.tenders).toEqual([{ method: 'pay_link', amount: 2_500_000 }]);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'QR code of the pay link for sale K7M2' }).getAttribute('src')).toMatch(
        /^data:image\/svg\+xml/,
      ),
    );
    expect(screen.getByRole('link', { name: 'http://shop.test/pay/TOKEN' })).toBeTruthy();
    await screen.findByRole('heading', { name: 'Sale K7M2 recorded' }, { timeout: 6000 });
    expect(polls).toBeGreaterThanOrEqual(2);
  }, 10_000);

  it('asks the server for the total with a discount code, and shows its refusal of a bad code', async () => {
    const user = userEvent.setup();
    const asked: unknown[] = [];
    mockFetch({
      '/api/counter/catalogue': CATALOGUE,
      'POST /api/counter/quote': (_url: URL, init?: RequestInit) => {
        const body = JSON.parse(init?.body as string) as { code: string };
        asked.push(body);
        return body.code === 'SAVE10'
          ? jsonResponse({ subtotal: 2_500_000, discount: 250_000, total: 2_250_000 })
          : jsonResponse({ error: 'validation', message: 'This discount code does not exist.' }, 400);
      },
    });
    renderCounter();
    await addBySku(user, 'AWD-M-RED');
    await user.type(screen.getByRole('textbox', { name: /Discount code/ }), 'save10');
    await waitFor(() => expect(screen.getByTestId('counter-total').textContent).toBe('₦22,500.00'));
    expect(asked.at(-1)).toEqual({
      code: 'SAVE10',
      lines: [{ variantId: 'v1', quantity: 1, price: 2_500_000, priceAt: CATALOGUE.at, priceToken: 'tok1' }],
    });
    expect(screen.getByRole('textbox', { name: /Staff discount/ })).toHaveProperty('disabled', true);
    await user.type(screen.getByRole('textbox', { name: /Discount code/ }), 'X');
    await screen.findByText('This discount code does not exist.');
    expect(screen.getByTestId('counter-total').textContent).toBe('₦25,000.00');
  });

  it('says so for a SKU that matches nothing', async () => {
    const user = userEvent.setup();
    mockFetch({ '/api/counter/catalogue': CATALOGUE });
    renderCounter();
    await addBySku(user, 'NOPE-123');
    expect(alerts()).toContain('We have no such item: SKU NOPE-123');
  });

  it('finds by name and picks the size and colour; a sold-out one cannot be added online', async () => {
    const user = userEvent.setup();
    mockFetch({ '/api/counter/catalogue': CATALOGUE });
    renderCounter();
    const box = await screen.findByRole('textbox', { name: /Name or SKU/ });
    await user.type(box, 'wrap');
    const group = screen.getByRole('group', { name: 'Size and colour of Ankara Wrap Dress' });
    expect(within(group).getByRole('button', { name: 'Add Ankara Wrap Dress, L, Red Sold out' })).toHaveProperty(
      'disabled',
      true,
    );
    await user.click(within(group).getByRole('button', { name: 'Add Ankara Wrap Dress, M, Red 4 left' }));
    expect(screen.getByTestId('counter-total').textContent).toBe('₦25,000.00');
    await user.click(screen.getByRole('button', { name: 'One more' }));
    expect(screen.getByTestId('counter-total').textContent).toBe('₦50,000.00');
    await user.type(screen.getByRole('textbox', { name: /Staff discount/ }), '10');
    expect(screen.getByTestId('counter-total').textContent).toBe('₦45,000.00');
  });

  it('splits the payment and shows what is left to assign; a transfer needs "arrived"', async () => {
    const user = userEvent.setup();
    mockFetch({ '/api/counter/catalogue': CATALOGUE });
    renderCounter();
    await addBySku(user, 'AWD-M-RED');
    await user.click(screen.getByRole('button', { name: 'Split the payment' }));
    const first = screen.getByRole('textbox', { name: 'Amount of payment 1 (₦)' });
    await user.clear(first);
    await user.type(first, '20000');
    await user.type(screen.getByRole('textbox', { name: 'Cash tendered 1 (₦)' }), '20000');
    expect(screen.getByText('Left to assign: ₦5,000.00')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Amount of payment 2 (₦)' }), '5000');
    expect(screen.getByText('The payments add up to the total.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Record the sale/ }));
    expect(alerts()).toContain('Tick "The transfer has arrived" once the money is in the account.');
  });

  it('offline, keeps the sale on the device, says how many wait, and sends them when back online', async () => {
    const user = userEvent.setup();
    const posted: SaleBody[] = [];
    localStorage.setItem(CATALOGUE_KEY, JSON.stringify(CATALOGUE));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    mockFetch({
      'POST /api/counter/sales': (_url: URL, init?: RequestInit) => {
        const body = JSON.parse(init?.body as string) as SaleBody;
        posted.push(body);
        return jsonResponse(recorded(body), 201);
      },
      '/api/counter/catalogue': CATALOGUE,
    });
    renderCounter();
    expect(screen.getByRole('radio', { name: 'Pay link (QR)' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('textbox', { name: /Discount code/ })).toHaveProperty('disabled', true);
    await addBySku(user, 'AWD-M-RED');
    await user.type(screen.getByRole('textbox', { name: /Cash tendered/ }), '25000');
    await user.click(screen.getByRole('button', { name: /Record the sale/ }));
    await screen.findByRole('heading', { name: 'Sale kept on this device' });
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'Offline — 1 sale waiting to be sent')).toBe(
      true,
    );
    expect(posted).toEqual([]);
    expect(queueState().waiting[0]!.body.offline).toBe(true);

    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(queueState().waiting).toEqual([]));
    expect(posted.map((b) => b.offline)).toEqual([true]);
    fireEvent.click(screen.getByRole('button', { name: 'New sale' }));
    expect(screen.getByRole('heading', { name: 'The sale' })).toBeTruthy();
  });

  it('keeps the sale when the request gets no answer', async () => {
    const user = userEvent.setup();
    mockFetch({
      '/api/counter/catalogue': CATALOGUE,
      'POST /api/counter/sales': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderCounter();
    await addBySku(user, 'AWD-M-RED');
    await user.type(screen.getByRole('textbox', { name: /Cash tendered/ }), '25000');
    await user.click(screen.getByRole('button', { name: /Record the sale/ }));
    await screen.findByRole('heading', { name: 'Sale kept on this device' });
    expect(queueState().waiting).toHaveLength(1);
  });

  it('shows the server’s refusal in its words', async () => {
    const user = userEvent.setup();
    mockFetch({
      '/api/counter/catalogue': CATALOGUE,
      'POST /api/counter/sales': () =>
        jsonResponse({ error: 'validation', message: 'Staff discounts go up to 10%.' }, 400),
    });
    renderCounter();
    await addBySku(user, 'AWD-M-RED');
    await user.type(screen.getByRole('textbox', { name: /Staff discount/ }), '20');
    await user.type(screen.getByRole('textbox', { name: /Cash tendered/ }), '20000');
    await user.click(screen.getByRole('button', { name: /Record the sale/ }));
    await waitFor(() => expect(alerts()).toContain('Staff discounts go up to 10%.'));
  });

  it('scans an EAN-13 into the sale', async () => {
    const user = userEvent.setup();
    mockFetch({ '/api/counter/catalogue': CATALOGUE });
    renderCounter();
    await addBySku(user, '2000000000015');
    const items = screen.getByRole('list', { name: 'Items in the sale' });
    expect(items.textContent).toContain('AWD-M-RED');
  });

  it('looks the customer up by phone: a returning one fills the name, a new one says so', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    mockFetch({
      '/api/counter/catalogue': CATALOGUE,
      '/api/counter/customers': (url: URL) => {
        const phone = url.searchParams.get('phone')!;
        asked.push(phone);
        return phone === '08031234567'
          ? jsonResponse({ phone: '+2348031234567', name: 'Ada Obi', orders: 3 })
          : jsonResponse({ phone: '+2348090000000', name: null, orders: 0 });
      },
    });
    renderCounter();
    const phone = await screen.findByRole('textbox', { name: /Customer's phone/ });
    await user.type(phone, '08031234567');
    await user.tab();
    await screen.findByText('Returning customer: Ada Obi · 3 orders');
    expect(screen.getByRole('textbox', { name: /Customer's name/ })).toHaveProperty('value', 'Ada Obi');
    // Leaving the field again asks no more.
    await user.click(phone);
    await user.tab();
    expect(asked).toEqual(['08031234567']);

    await user.clear(phone);
    await user.type(phone, '0809 000 0000');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    await screen.findByText('New customer');
    // The name typed (Ada's) stays as it is.
    expect(screen.getByRole('textbox', { name: /Customer's name/ })).toHaveProperty('value', 'Ada Obi');
  });

  it('takes a gift card as a payment online: its code is sent, its balance checked, and the receipt names it', async () => {
    const user = userEvent.setup();
    let sent: SaleBody | null = null;
    mockFetch({
      '/api/counter/catalogue': CATALOGUE,
      'POST /api/gift-cards/balance': () => jsonResponse({ balance: 1_000_000, disabled: false, last4: 'WXYZ' }),
      'POST /api/counter/sales': (_url: URL, init?: RequestInit) => {
        sent = JSON.parse(init?.body as string) as SaleBody;
        const sale = recorded(sent);
        return jsonResponse(
          { ...sale, tenders: sale.tenders.map((t) => (t.method === 'gift_card' ? { ...t, last4: 'WXYZ' } : t)) },
          201,
        );
      },
    });
    renderCounter();
    await addBySku(user, 'AWD-M-RED');
    await user.click(screen.getByRole('radio', { name: 'Gift card' }));
    await user.click(screen.getByRole('button', { name: /Record the sale/ }));
    expect(alerts()).toContain("Enter the gift card's code.");
    await user.type(screen.getByRole('textbox', { name: 'Gift card code' }), 'abcd-efgh-wxyz');
    await user.click(screen.getByRole('button', { name: 'Check balance' }));
    await screen.findByText('Gift card ••••WXYZ has ₦10,000.00 left: not enough for ₦25,000.00. Split the payment.');
    await user.click(screen.getByRole('button', { name: /Record the sale/ }));
    await screen.findByRole('heading', { name: 'Sale K7M2 recorded' });
    expect(sent!.tenders).toEqual([{ method: 'gift_card', amount: 2_500_000, code: 'ABCD-EFGH-WXYZ' }]);
    expect(screen.getByRole('article', { name: 'Receipt' }).textContent).toContain('Gift card ••••WXYZ₦25,000.00');
  });

  it('offers no gift card offline', async () => {
    localStorage.setItem(CATALOGUE_KEY, JSON.stringify(CATALOGUE));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    mockFetch({ '/api/counter/catalogue': CATALOGUE });
    renderCounter();
    expect(await screen.findByRole('radio', { name: 'Gift card' })).toHaveProperty('disabled', true);
  });

  it('an exchange opens with its banner and the cash given back as the cash tendered', async () => {
    const user = userEvent.setup();
    startExchange({ number: 'Q4ZP8N2A', cash: 2_500_000, toGiftCard: 0 });
    mockFetch({
      '/api/counter/catalogue': CATALOGUE,
      'POST /api/counter/sales': (_url: URL, init?: RequestInit) =>
        jsonResponse(recorded(JSON.parse(init?.body as string) as SaleBody), 201),
    });
    renderCounter();
    const banner = await screen.findByRole('region', { name: 'Exchange' });
    expect(banner.textContent).toContain('Exchange for receipt #Q4ZP8N2A: ₦25,000.00 given back.');
    expect(await screen.findByRole('textbox', { name: /Cash tendered/ })).toHaveProperty('value', '25000');
    await addBySku(user, 'AWD-M-RED');
    expect(screen.getByText('Change: ₦0.00')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Record the sale/ }));
    await screen.findByRole('heading', { name: 'Sale K7M2 recorded' });
    expect(screen.queryByRole('region', { name: 'Exchange' })).toBeNull();
    expect(pendingExchange()).toBeNull();
  });

  it('signed out while sales wait: keeps them and links to signing in again', async () => {
    localStorage.setItem(CATALOGUE_KEY, JSON.stringify(CATALOGUE));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const user = userEvent.setup();
    mockFetch({ '/api/counter/catalogue': CATALOGUE });
    renderCounter();
    await addBySku(user, 'AWD-M-RED');
    await user.type(screen.getByRole('textbox', { name: /Cash tendered/ }), '25000');
    await user.click(screen.getByRole('button', { name: /Record the sale/ }));
    await screen.findByRole('heading', { name: 'Sale kept on this device' });
    act(() => setOfflineMode('sign-in'));
    const link = screen.getByRole('link', { name: 'Sign in again' });
    expect(link.getAttribute('href')).toBe('/login?next=%2Fadmin%2Fcounter');
    expect(link.parentElement?.textContent).toBe(
      'You are signed out on this device. The sale waiting stays on it until you sign in again. Sign in again',
    );
    expect(queueState().waiting).toHaveLength(1);
    act(() => setOfflineMode(null));
  });

  it('reopened offline and answered 401: keeps the sales and asks to sign in again', async () => {
    const mark = document.createElement('meta');
    mark.name = 'ankara-offline-shell';
    document.head.append(mark);
    localStorage.setItem(CATALOGUE_KEY, JSON.stringify(CATALOGUE));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const user = userEvent.setup();
    mockFetch({
      '/api/counter/catalogue': CATALOGUE,
      'POST /api/counter/sales': () =>
        jsonResponse({ error: 'unauthenticated', message: 'Please log in to continue.' }, 401),
      '/api/session': () => jsonResponse({ user: null }),
    });
    renderCounter();
    await addBySku(user, 'AWD-M-RED');
    await user.type(screen.getByRole('textbox', { name: /Cash tendered/ }), '25000');
    await user.click(screen.getByRole('button', { name: /Record the sale/ }));
    await screen.findByRole('heading', { name: 'Sale kept on this device' });
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await screen.findByRole('link', { name: 'Sign in again' });
    expect(queueState().waiting).toHaveLength(1);
    mark.remove();
    act(() => setOfflineMode(null));
  });

  it('store credit needs the code from the customer’s e-mail, then sends its pass', async () => {
    const user = userEvent.setup();
    let sent: SaleBody | null = null;
    mockFetch({
      '/api/counter/catalogue': CATALOGUE,
      'POST /api/counter/credit/verify': () => jsonResponse({ pass: 'PASS', balance: 5_000_000, expiresAt: 1 }),
      'POST /api/counter/sales': (_url: URL, init?: RequestInit) => {
        sent = JSON.parse(init?.body as string) as SaleBody;
        return jsonResponse(recorded(sent), 201);
      },
    });
    renderCounter();
    await addBySku(user, 'AWD-M-RED');
    await user.click(screen.getByRole('radio', { name: 'Store credit' }));
    await user.click(screen.getByRole('button', { name: /Record the sale/ }));
    expect(alerts()).toContain('Check the code from the customer’s e-mail before paying with store credit.');
    await user.type(screen.getByRole('textbox', { name: /Customer’s e-mail/ }), 'ada@example.com');
    await user.type(screen.getByRole('textbox', { name: /Code from the e-mail/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'Check code' }));
    await screen.findByText(/Store credit: ₦50,000.00 to spend/);
    await user.click(screen.getByRole('button', { name: /Record the sale/ }));
    await screen.findByRole('heading', { name: 'Sale K7M2 recorded' });
    expect(sent!.tenders).toEqual([{ method: 'store_credit', amount: 2_500_000, pass: 'PASS' }]);
  });
});
