import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import PayLinkPage, {
  askText,
  IN_PROGRESS,
  LINK_CANCELLED,
  LINK_EXPIRED,
  LINK_NOT_FOUND,
  LINK_PAID,
  MONEY_ON_ITS_WAY,
  PAY_CANCELLED,
} from './PayLinkPage';
import type { PayPage, PaymentStart } from '@/lib/types';
import { embedShop } from '@/test/shop';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123';

function payPage(over: Partial<PayPage> = {}, link: Partial<PayPage['link']> = {}): PayPage {
  return {
    shopName: 'Ankara',
    number: 'K7M2QX9A',
    status: 'placed',
    customerName: 'Ada Obi',
    items: [
      {
        productId: 'p1',
        variantId: 'v1',
        name: 'Adire Dress',
        price: 2_000_000,
        quantity: 2,
        size: 'M',
        color: 'Indigo',
        compareAtPrice: null,
        priceAbroad: null,
      },
    ],
    subtotal: 4_000_000,
    deliveryFee: 250_000,
    discount: 0,
    discountCode: null,
    deliveryMethod: 'delivery',
    deliveryEstimate: '1–2 working days',
    totalAmount: 4_250_000,
    paid: 0,
    balance: 4_250_000,
    deliverTo: 'Ikeja, Lagos',
    customerNote: 'Call before delivery',
    mode: 'sandbox',
    publicKey: '',
    link: {
      token: TOKEN,
      amount: 1_700_000,
      purpose: 'deposit',
      status: 'open',
      createdAt: Date.UTC(2026, 10, 25, 10),
      expiresAt: Date.UTC(2026, 10, 27, 10),
      paidAt: null,
      ...link,
    },
    ...over,
  };
}

/** The test payment the sandbox pop-up loads for `start`: pending, for ₦17,000. */
function sandboxPayment(email: string, channel = 'card') {
  return { amount: 1_700_000, channels: [channel], currency: 'NGN', email, reference: 'ref_1', status: 'pending' };
}

const start: PaymentStart = {
  charge: null,
  accessCode: 'ac_1',
  amount: 1_700_000,
  authorizationUrl: '',
  breakdown: { subtotal: 4_000_000, delivery: 250_000, discount: 0, total: 4_250_000 },
  currency: 'NGN',
  deliveryEstimate: null,
  email: 'ada@example.com',
  expiresAt: Date.UTC(2026, 10, 27, 10),
  items: [],
  metadata: { name: 'Ada Obi', phone: '08035550100' },
  mode: 'sandbox',
  publicKey: '',
  reference: 'ref_1',
  paidByCredit: 0,
  paidByGiftCard: 0,
};

function urlOf(input: RequestInfo | URL): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

function renderPage() {
  return renderWithProviders(
    <Route path="/pay/:token">
      <PayLinkPage />
    </Route>,
    { path: `/pay/${TOKEN}` },
  );
}

afterEach(() => {});

describe('PayLinkPage', () => {
  it('shows an open deposit link: the order, what it asks, the price in parts and the deliver-to', async () => {
    mockFetch({ [`/api/pay/${TOKEN}`]: payPage() });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Order #K7M2QX9A' })).toBeTruthy();
    expect(screen.getByText('Ankara')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: /deposit of ₦17,000.00 \(of ₦42,500.00\)/ })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Items in Order #K7M2QX9A' }).textContent).toContain('Adire Dress');
    expect(screen.getByText('Ikeja, Lagos')).toBeTruthy();
    expect(screen.getByText('Call before delivery')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay ₦17,000.00' })).toBeTruthy();
    expect(document.title).toContain('Pay for Order #K7M2QX9A');
  });

  it('says what a balance link asks and what is already paid', async () => {
    mockFetch({
      [`/api/pay/${TOKEN}`]: payPage(
        { paid: 1_700_000, balance: 2_550_000, status: 'paid' },
        { purpose: 'balance', amount: 2_550_000 },
      ),
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'This link asks for the balance: ₦25,500.00.' })).toBeTruthy();
    expect(screen.getByText('Already paid: ₦17,000.00')).toBeTruthy();
  });

  it('pays in the sandbox pop-up, verifies, and shows the order paid with its tracking link', async () => {
    let paid = false;
    const fetch = mockFetch({
      [`GET /api/pay/${TOKEN}`]: () =>
        jsonResponse(
          paid
            ? payPage({ paid: 1_700_000, balance: 2_550_000, status: 'paid' }, { status: 'paid', paidAt: Date.now() })
            : payPage(),
        ),
      [`POST /api/pay/${TOKEN}`]: start,
      '/api/sandbox/checkout/ac_1': sandboxPayment('ada@example.com'),
      'POST /api/sandbox/checkout/ac_1': { status: 'success', reference: 'ref_1', message: 'Approved' },
      [`POST /api/pay/${TOKEN}/verify`]: () => {
        paid = true;
        return jsonResponse({
          data: { success: true, reference: 'ref_1', channel: 'card', message: null, order: null, status: null },
        });
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay ₦17,000.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Test payment' });
    fireEvent.click(await within(dialog).findByRole('button', { name: /Pay with test card 4084 0840 8408 4081/ }));
    expect(await screen.findByText('Payment received. Thank you!')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: LINK_PAID })).toBeTruthy();
    expect(screen.getByText('Paid ₦17,000.00 — Part paid, ₦25,500.00 balance')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Track your order' }).getAttribute('href')).toBe('/track?number=K7M2QX9A');
    const verify = fetch.mock.calls.find(([url]) => urlOf(url).endsWith('/verify'))!;
    expect(JSON.parse(verify[1]!.body as string)).toEqual({ reference: 'ref_1' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a transfer: no second "Pay" while the money is on its way, and the page follows it to paid', async () => {
    let asked = 0;
    const waiting = "We're waiting for your transfer. The shop will confirm your order when it arrives.";
    mockFetch({
      [`GET /api/pay/${TOKEN}`]: () => {
        asked += 1;
        // The money lands after the verify: the page's next look finds the link paid.
        return jsonResponse(
          asked >= 3
            ? payPage({ paid: 1_700_000, balance: 2_550_000, status: 'paid' }, { status: 'paid', paidAt: Date.now() })
            : payPage(),
        );
      },
      [`POST /api/pay/${TOKEN}`]: start,
      '/api/sandbox/checkout/ac_1': sandboxPayment('shop@example.com', 'bank_transfer'),
      'POST /api/sandbox/checkout/ac_1': {
        status: 'pending',
        reference: 'ref_1',
        message: 'Waiting for your transfer',
      },
      [`POST /api/pay/${TOKEN}/verify`]: {
        data: {
          success: false,
          reference: 'ref_1',
          channel: 'bank_transfer',
          message: waiting,
          order: null,
          status: 'pending',
        },
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay ₦17,000.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Test payment' });
    fireEvent.click(await within(dialog).findByRole('button', { name: "I've sent the money" }));
    // No e-mail promised to a customer who gave none: the server's words.
    expect(await screen.findByText(waiting)).toBeTruthy();
    expect(await screen.findByText(MONEY_ON_ITS_WAY)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay ₦17,000.00' })).toBeNull();
    expect(await screen.findByRole('heading', { name: LINK_PAID }, { timeout: 8_000 })).toBeTruthy();
    expect(screen.getByText('Payment received. Thank you!')).toBeTruthy();
  }, 15_000);

  it('closing the pop-up cancels the payment and lets the customer pay later', async () => {
    const fetch = mockFetch({
      [`GET /api/pay/${TOKEN}`]: payPage(),
      [`POST /api/pay/${TOKEN}`]: start,
      '/api/sandbox/checkout/ac_1': sandboxPayment('a@b.ng'),
      [`POST /api/pay/${TOKEN}/cancel`]: { status: 'ok' },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay ₦17,000.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Test payment' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText(PAY_CANCELLED)).toBeTruthy();
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => urlOf(url).endsWith('/cancel'))).toBe(true));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Pay ₦17,000.00' }).disabled).toBe(false);
  });

  it('says a payment is already in progress', async () => {
    mockFetch({
      [`GET /api/pay/${TOKEN}`]: payPage(),
      [`POST /api/pay/${TOKEN}`]: () =>
        jsonResponse({ error: 'payment_in_progress', message: 'A payment is in progress.' }, 409),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay ₦17,000.00' }));
    expect(await screen.findByText(IN_PROGRESS)).toBeTruthy();
  });

  it('a link that ended meanwhile shows its new state', async () => {
    let ended = false;
    mockFetch({
      [`GET /api/pay/${TOKEN}`]: () => jsonResponse(ended ? payPage({}, { status: 'expired' }) : payPage()),
      [`POST /api/pay/${TOKEN}`]: () => {
        ended = true;
        return jsonResponse({ error: 'link_ended', message: 'This link has ended.' }, 409);
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay ₦17,000.00' }));
    expect(await screen.findByRole('heading', { name: LINK_EXPIRED })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });

  it('an expired link says so and offers WhatsApp when the shop has a number', async () => {
    embedShop({ whatsapp: '2348035550100' });
    mockFetch({ [`/api/pay/${TOKEN}`]: payPage({}, { status: 'expired' }) });
    renderPage();
    expect(await screen.findByRole('heading', { name: LINK_EXPIRED })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    const contact = screen.getByRole('link', { name: 'Message the shop on WhatsApp' });
    expect(contact.getAttribute('href')).toBe(
      `https://wa.me/2348035550100?text=${encodeURIComponent('Hello! I have a question about my order #K7M2QX9A.')}`,
    );
  });

  it('a cancelled link says so and offers the contact page without a number', async () => {
    mockFetch({ [`/api/pay/${TOKEN}`]: payPage({ status: 'cancelled' }, { status: 'cancelled' }) });
    renderPage();
    expect(await screen.findByRole('heading', { name: LINK_CANCELLED })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact the shop' }).getAttribute('href')).toBe('/contact');
  });

  it('a link paid in full says so', async () => {
    mockFetch({
      [`/api/pay/${TOKEN}`]: payPage(
        { paid: 4_250_000, balance: 0, status: 'paid' },
        { status: 'paid', purpose: 'full', amount: 4_250_000 },
      ),
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: LINK_PAID })).toBeTruthy();
    expect(screen.getByText('Paid ₦42,500.00 — paid in full')).toBeTruthy();
  });

  it('an unknown token says the link does not exist', async () => {
    mockFetch({});
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe(LINK_NOT_FOUND);
  });

  it('a failed load offers to try again', async () => {
    mockFetch({ [`/api/pay/${TOKEN}`]: () => jsonResponse({ error: 'internal', message: 'Boom' }, 500) });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('a verify that fails says so and keeps the link open', async () => {
    mockFetch({
      [`GET /api/pay/${TOKEN}`]: payPage(),
      [`POST /api/pay/${TOKEN}`]: start,
      '/api/sandbox/checkout/ac_1': sandboxPayment('a@b.ng'),
      'POST /api/sandbox/checkout/ac_1': { status: 'success', reference: 'ref_1', message: 'Approved' },
      [`POST /api/pay/${TOKEN}/verify`]: {
        data: {
          success: false,
          reference: 'ref_1',
          channel: 'card',
          message: 'The amount paid does not match.',
          order: null,
          status: 'mismatch',
        },
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay ₦17,000.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Test payment' });
    fireEvent.click(await within(dialog).findByRole('button', { name: /Pay with test card 4084 0840 8408 4081/ }));
    expect(await screen.findByText('The amount paid does not match.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Pay ₦17,000.00' })).toBeTruthy();
  });
});

describe('askText', () => {
  it('names the whole order, a deposit and a balance', () => {
    expect(askText(payPage({}, { purpose: 'full', amount: 4_250_000 }))).toBe(
      'This link asks for the whole order: ₦42,500.00.',
    );
    expect(askText(payPage())).toBe('This link asks for a deposit of ₦17,000.00 (of ₦42,500.00).');
  });
});
