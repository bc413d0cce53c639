// The ways to pay at checkout: pay on delivery beside Pay now, a bank transfer or USSD payment the shop
// waits for, a guest's purchase and "Keep your details for next time", and a checkout that asks
// for the state once and shows one total.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  calls,
  DETAILS,
  EMPTY_BAG,
  fullBag,
  openDetails,
  openSandbox,
  order,
  PAY,
  quote,
  renderCheckout,
  shop,
  toPayment,
  WITH_PICKUP,
} from './testCheckout';
import { PAYMENT_ON_ITS_WAY, TRANSFER_WAITING } from '@/features/checkout/components/CheckoutPanel';
import { KEEP_MISMATCH, KEEP_OFFER } from '@/features/checkout/components/KeepDetails';
import { rememberState } from '@/lib/delivery';
import type { PayOnDeliveryOffer, Session } from '@/lib/types';
import { customer, jsonResponse, sessionOf } from '@/test/utils';

afterEach(() => window.localStorage.clear());

/** The quote of testCheckout's shop, with pay on delivery as `offer` says. */
function quoteOffering(offer: PayOnDeliveryOffer) {
  return async (url: URL, init?: RequestInit) => {
    const answer = quote(url, init);
    if (!answer.ok) return answer;
    return jsonResponse({ ...((await answer.json()) as object), payOnDelivery: offer });
  };
}

const OFFERED = { offered: true, reason: null };

/** The checkout's notice saying `text`, checked to show the order's number beside its tracking link. */
async function noticeWithNumber(text: string): Promise<HTMLElement> {
  const box = (await screen.findByText(text)).closest<HTMLElement>('.checkout-notice')!;
  expect(within(box).getByText('Order #HT4WQ8ZP')).toBeTruthy();
  expect(within(box).getByRole('link', { name: 'Track your order' }).getAttribute('href')).toBe(
    '/track?number=HT4WQ8ZP',
  );
  return box;
}
const PLACED = order({
  status: 'placed',
  paymentMethod: 'pay_on_delivery',
  paymentChannel: null,
  toCollect: 1_484_500,
});

describe('pay on delivery', () => {
  it('sits beside Pay now when offered, places the order at once and says what to pay when it arrives', async () => {
    const state = { placed: false };
    const { fetch } = shop({
      'POST /api/checkout/quote': quoteOffering(OFFERED),
      'POST /api/checkout': () => {
        state.placed = true;
        return jsonResponse({ order: PLACED }, 201);
      },
      '/api/bag': () => jsonResponse(state.placed ? EMPTY_BAG : fullBag()),
    });
    renderCheckout();
    await toPayment();
    const choice = screen.getByRole('group', { name: 'How to pay' });
    expect(within(choice).getByRole<HTMLInputElement>('radio', { name: /^Pay now/ }).checked).toBe(true);
    fireEvent.click(within(choice).getByRole('radio', { name: /^Pay on delivery/ }));
    const place = screen.getByRole('button', { name: 'Place order, pay ₦14,845.00 on delivery' });
    expect(screen.getByText('Nothing to pay now: pay the rider in cash, by transfer or POS.')).toBeTruthy();
    fireEvent.click(place);

    const box = await noticeWithNumber('Order placed! Pay ₦14,845.00 when it arrives.');
    expect(box.closest('[role="status"]')).toBeTruthy();
    expect(within(box).getByRole('link', { name: 'View My Orders' })).toBeTruthy();
    // No pop-up, nothing to verify; the bag (now empty) is read again.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls(fetch, 'POST', '/api/payments/verify')).toHaveLength(0);
    expect(JSON.parse(calls(fetch, 'POST', '/api/checkout')[0]![1]!.body as string)).toMatchObject({
      paymentMethod: 'pay_on_delivery',
      expectedTotal: 1_484_500,
    });
    expect(await screen.findByText('Your bag is empty')).toBeTruthy();
  });

  it('"Pay at pickup" for an order picked up in store', async () => {
    shop({
      'POST /api/checkout/quote': quoteOffering(OFFERED),
      '/api/delivery': WITH_PICKUP,
    });
    renderCheckout();
    const form = await openDetails();
    fireEvent.click(within(form).getByRole('radio', { name: /Pick up in store/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Proceed to Payment' }));
    const later = await screen.findByRole('radio', { name: /^Pay at pickup/ });
    fireEvent.click(later);
    expect(screen.getByRole('button', { name: 'Place order, pay ₦12,345.00 at pickup' })).toBeTruthy();
  });

  it("shows why when the zone allows it but this order can't, and keeps Pay now", async () => {
    const reason = 'Pay on delivery is for orders up to ₦150,000.00.';
    shop({ 'POST /api/checkout/quote': quoteOffering({ offered: false, reason }) });
    renderCheckout();
    await toPayment();
    const later = screen.getByRole<HTMLInputElement>('radio', { name: /^Pay on delivery/ });
    expect(later.disabled).toBe(true);
    const why = screen.getByText(reason);
    expect(later.getAttribute('aria-describedby')).toBe(why.id);
    expect(screen.getByRole('button', { name: PAY })).toBeTruthy();
  });

  it('is not mentioned where the zone does not allow it (nor by a shop without it)', async () => {
    shop({ 'POST /api/checkout/quote': quoteOffering({ offered: false, reason: null }) });
    const { unmount } = renderCheckout();
    await toPayment();
    expect(screen.queryByRole('group', { name: 'How to pay' })).toBeNull();
    unmount();
    // A quote without the field at all (a server from before pay on delivery).
    shop();
    renderCheckout();
    await toPayment();
    expect(screen.queryByRole('group', { name: 'How to pay' })).toBeNull();
  });
});

/** testCheckout's sandbox transaction, offering `channels`. */
function sandboxOffering(channels: string[]) {
  return {
    reference: 'ANK-ref123',
    amount: 1_484_500,
    currency: 'NGN',
    email: 'ada@example.com',
    status: 'abandoned',
    channels,
  };
}

describe('bank transfer and USSD in the sandbox', () => {
  it('a transfer: the test account and the exact amount, then the shop waits for the money (not an error) and the page follows it to the order', async () => {
    const waiting = "We're waiting for your transfer. We'll e-mail you when it arrives.";
    // The shop's records: the money is on its way at first, then (the webhook) the order exists.
    let asked = 0;
    const { fetch, state } = shop({
      '/api/payments/ANK-ref123': () => {
        asked += 1;
        if (asked < 2) {
          return jsonResponse({
            data: {
              success: false,
              reference: 'ANK-ref123',
              order: null,
              status: 'pending',
              message: null,
              channel: 'bank_transfer',
            },
          });
        }
        state.paid = true;
        return jsonResponse({
          data: { success: true, reference: 'ANK-ref123', order: order(), channel: 'bank_transfer' },
        });
      },
      '/api/sandbox/checkout/acc_123': sandboxOffering(['card', 'bank', 'ussd', 'bank_transfer']),
      'POST /api/sandbox/checkout/acc_123': {
        status: 'pending',
        reference: 'ANK-ref123',
        message: 'Waiting for your transfer',
      },
      'POST /api/payments/verify': {
        data: {
          success: false,
          reference: 'ANK-ref123',
          order: null,
          status: 'pending',
          message: waiting,
          channel: 'bank_transfer',
        },
      },
    });
    renderCheckout();
    const dialog = await openSandbox();
    const ways = await within(dialog).findByRole('group', { name: 'Pay with' });
    expect(
      within(ways)
        .getAllByRole('radio')
        .map((r) => r.closest('label')!.textContent),
    ).toEqual(['Card', 'Bank transfer', 'USSD']);
    fireEvent.click(within(ways).getByRole('radio', { name: 'Bank transfer' }));
    expect(within(dialog).getByText('0123456789')).toBeTruthy();
    expect(within(dialog).getByText('Test Bank')).toBeTruthy();
    expect(within(dialog).getAllByText('₦14,845.00').length).toBe(2);
    fireEvent.click(within(dialog).getByRole('button', { name: "I've sent the money" }));

    const notice = await screen.findByText(waiting);
    expect(notice.closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText(/Payment successful/)).toBeNull();
    // The checkout closes: nothing is wrong, the payment is on its way; no second payment meanwhile.
    expect(await screen.findByText(PAYMENT_ON_ITS_WAY)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Proceed to Checkout' })).toBeNull();
    expect(JSON.parse(calls(fetch, 'POST', '/api/sandbox/checkout/acc_123')[0]![1]!.body as string)).toEqual({
      outcome: 'transfer',
    });
    // The money arrives: the notice becomes the confirmation, and the bag is read again (now empty).
    await noticeWithNumber('Payment successful! Reference: ANK-ref123');
    expect(await screen.findByText('Your bag is empty')).toBeTruthy();
    expect(screen.queryByText(waiting)).toBeNull();
  }, 15_000);

  it('USSD: a code to dial for the amount, then Done; the waiting message even without a channel named', async () => {
    const { fetch } = shop({
      '/api/sandbox/checkout/acc_123': sandboxOffering(['ussd', 'card']),
      'POST /api/sandbox/checkout/acc_123': {
        status: 'pending',
        reference: 'ANK-ref123',
        message: 'Waiting for your transfer',
      },
      'POST /api/payments/verify': {
        data: { success: false, reference: 'ANK-ref123', order: null, status: 'pending', message: null, channel: null },
      },
    });
    renderCheckout();
    const dialog = await openSandbox();
    fireEvent.click(await within(dialog).findByRole('radio', { name: 'USSD' }));
    expect(within(dialog).getByText('*737*000*14845#')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText(TRANSFER_WAITING)).toBeTruthy();
    expect(JSON.parse(calls(fetch, 'POST', '/api/sandbox/checkout/acc_123')[0]![1]!.body as string)).toEqual({
      outcome: 'ussd',
    });
  });

  it('a card alone: the test cards, no choice to make', async () => {
    shop({ '/api/sandbox/checkout/acc_123': sandboxOffering(['card']) });
    renderCheckout();
    const dialog = await openSandbox();
    expect(await within(dialog).findByRole('button', { name: /\(Success\)$/ })).toBeTruthy();
    expect(within(dialog).queryByRole('group', { name: 'Pay with' })).toBeNull();
  });

  it('a transfer only: its panel at once', async () => {
    shop({ '/api/sandbox/checkout/acc_123': sandboxOffering(['bank_transfer']) });
    renderCheckout();
    const dialog = await openSandbox();
    expect(await within(dialog).findByRole('button', { name: "I've sent the money" })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /\(Success\)$/ })).toBeNull();
  });
});

describe('a paid order', () => {
  it('shows its number beside a link to its tracking page', async () => {
    shop();
    renderCheckout();
    const dialog = await openSandbox();
    fireEvent.click(await within(dialog).findByRole('button', { name: /\(Success\)$/ }));
    await noticeWithNumber('Payment successful! Reference: ANK-ref123');
  });
});

/** A visitor with a guest bag of one item, in a shop that takes guests. */
const GUEST: Session = { ...sessionOf(null, { bag: 1 }), guestCheckout: true, guest: true };
const NO_DETAILS = { ...DETAILS, customer: { name: '', email: '', phone: '' }, address: null };

/** A guest through the details (empty for them) to the sandbox, paying with the success card. */
async function guestPays() {
  const form = await openDetails();
  const fill = (label: string, value: string) =>
    fireEvent.change(within(form).getByLabelText(label), { target: { value } });
  expect(within(form).getByLabelText<HTMLInputElement>('Full name').value).toBe('');
  fill('Full name', 'Ada Obi');
  fill('Email', 'ada@example.com');
  fill('Phone number', '+234 803 000 0000');
  fill('Street address', '12 Marina Road');
  fill('City', 'Lagos Island');
  fill('State', 'Lagos');
  fill('Postal code', '101001');
  fireEvent.click(within(form).getByRole('button', { name: 'Proceed to Payment' }));
  fireEvent.click(await screen.findByRole('button', { name: PAY }));
  const dialog = await screen.findByRole('dialog', { name: 'Test payment' });
  fireEvent.click(await within(dialog).findByRole('button', { name: /\(Success\)$/ }));
  await screen.findByText('Payment successful! Reference: ANK-ref123');
}

describe('a guest', () => {
  it('checks out with name, e-mail and phone, then keeps their details as an account with a password', async () => {
    const signedIn = sessionOf(customer, { bag: 0, newOrders: 1 });
    const { fetch } = shop({
      '/api/checkout': NO_DETAILS,
      '/api/session': () => jsonResponse({ ...GUEST, counts: { bag: 0, saved: 0, newOrders: 0 } }),
      'POST /api/auth/keep-account': () => jsonResponse(signedIn),
    });
    renderCheckout({ as: GUEST });
    // The header counts the guest's bag.
    expect(screen.getByRole('link', { name: 'My Bag (1)' })).toBeTruthy();
    await guestPays();
    expect(JSON.parse(calls(fetch, 'POST', '/api/checkout')[0]![1]!.body as string)).toMatchObject({
      customer: DETAILS.customer,
    });
    // No My Orders for a visitor: the offer instead.
    expect(screen.queryByRole('link', { name: 'View My Orders' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: KEEP_OFFER }));
    const keep = screen.getByRole('form', { name: KEEP_OFFER });
    expect(within(keep).getByLabelText('Password')).toBe(document.activeElement);
    expect(screen.getByText(/an account with ada@example\.com/)).toBeTruthy();
    fireEvent.change(within(keep).getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.change(within(keep).getByLabelText('Confirm password'), { target: { value: 'secret2' } });
    fireEvent.click(within(keep).getByRole('button', { name: 'Keep my details' }));
    expect(within(keep).getByRole('alert').textContent).toBe(KEEP_MISMATCH);
    expect(calls(fetch, 'POST', '/api/auth/keep-account')).toHaveLength(0);
    // The problem goes once the field at fault changes.
    fireEvent.change(within(keep).getByLabelText('Confirm password'), { target: { value: 'secret1' } });
    expect(within(keep).queryByRole('alert')).toBeNull();
    fireEvent.click(within(keep).getByRole('button', { name: 'Keep my details' }));

    expect(await screen.findByText('Your account is ready')).toBeTruthy();
    expect(JSON.parse(calls(fetch, 'POST', '/api/auth/keep-account')[0]![1]!.body as string)).toEqual({
      password: 'secret1',
      confirmPassword: 'secret1',
    });
    // Signed in at once: the header knows them, and My Orders is a tap away.
    expect(screen.getByRole('button', { name: 'Account menu for Ada Obi' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View My Orders' })).toBeTruthy();
  });

  it('an e-mail that has an account already is told to log in, with the link', async () => {
    const taken = 'An account with this e-mail already exists. Log in to see your order in My Orders.';
    shop({
      '/api/checkout': NO_DETAILS,
      'POST /api/auth/keep-account': () => jsonResponse({ error: 'conflict', message: taken }, 409),
    });
    renderCheckout({ as: GUEST });
    await guestPays();
    fireEvent.click(screen.getByRole('button', { name: KEEP_OFFER }));
    const keep = screen.getByRole('form', { name: KEEP_OFFER });
    fireEvent.change(within(keep).getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.change(within(keep).getByLabelText('Confirm password'), { target: { value: 'secret1' } });
    fireEvent.click(within(keep).getByRole('button', { name: 'Keep my details' }));
    expect((await within(keep).findByRole('alert')).textContent).toBe(taken);
    expect(within(keep).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?next=%2Fmyorders');
  });

  it('a password too short is said before asking the server', async () => {
    const { fetch } = shop({ '/api/checkout': NO_DETAILS });
    renderCheckout({ as: GUEST });
    await guestPays();
    fireEvent.click(screen.getByRole('button', { name: KEEP_OFFER }));
    const keep = screen.getByRole('form', { name: KEEP_OFFER });
    fireEvent.click(within(keep).getByRole('button', { name: 'Keep my details' }));
    expect(within(keep).getByRole('alert').textContent).toBe('Password must be at least 6 characters long.');
    expect(within(keep).getByLabelText('Password')).toBe(document.activeElement);
    expect(calls(fetch, 'POST', '/api/auth/keep-account')).toHaveLength(0);
  });
});

describe('a checkout that asks once', () => {
  it('fills the State with the one chosen in the bag, over the last address', async () => {
    rememberState('Ogun');
    shop();
    renderCheckout();
    const form = await openDetails();
    expect(within(form).getByLabelText<HTMLSelectElement>('State').value).toBe('Ogun');
  });

  it('the bag steps aside: no "Deliver to" while the checkout asks, one total on the payment step', async () => {
    shop({ '/api/products/featured': [] });
    const { container } = renderCheckout({ composed: true });
    expect(await screen.findByLabelText('Deliver to')).toBeTruthy();
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    expect(within(summary).getByText('Total')).toBeTruthy();

    await openDetails();
    expect(screen.queryByLabelText('Deliver to')).toBeNull();
    expect(within(summary).getByText('Subtotal')).toBeTruthy();
    expect(within(summary).queryByText('Total')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    await screen.findByRole('button', { name: PAY });
    // The server's total, once: in the summary the Pay button repeats.
    const totals = Array.from(container.querySelectorAll('dt')).filter((dt) => dt.textContent === 'Total');
    expect(totals).toHaveLength(1);
    expect(totals[0]!.closest('.checkout__breakdown')).toBeTruthy();
    expect(container.querySelector('.bag-summary__total')).toBeNull();
  });

  it("a refused discount code's reason goes once the code is typed again", async () => {
    shop();
    renderCheckout();
    await toPayment();
    const code = screen.getByRole('form', { name: 'Discount code' });
    fireEvent.change(within(code).getByLabelText('Discount code'), { target: { value: 'NOPE' } });
    fireEvent.click(within(code).getByRole('button', { name: 'Apply' }));
    expect((await within(code).findByRole('alert')).textContent).toBe('This code has expired');
    fireEvent.change(within(code).getByLabelText('Discount code'), { target: { value: 'NOPE2' } });
    expect(within(code).queryByRole('alert')).toBeNull();
    expect(within(code).getByLabelText('Discount code').getAttribute('aria-invalid')).toBeNull();
  });
});
