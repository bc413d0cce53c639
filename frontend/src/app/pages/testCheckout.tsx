// The shop a checkout test talks to (the bag, the details, the quote, the payment, the sandbox and
// verify, as mockFetch routes) and the steps through the checkout, shared by the checkout's tests.
import { fireEvent, screen, within } from '@testing-library/react';
import { BagWithCheckout } from './MyBagPage';
import { Header } from '@/components/Header';
import BagPage from '@/features/bag/routes/BagPage';
import { CheckoutPanel } from '@/features/checkout/components/CheckoutPanel';
import { CheckoutNotice, CheckoutScope } from '@/features/checkout/components/CheckoutScope';
import type { Bag, Order, Session } from '@/lib/types';
import { ADA, bagItem, bagOf, deliveryOptions, LAGOS_ADDRESS, order as orderFixture, product } from '@/test/fixtures';
import { customer, jsonResponse, mockFetch, renderWithProviders, sessionOf } from '@/test/utils';

export const DETAILS = {
  customer: ADA,
  address: LAGOS_ADDRESS,
  mode: 'sandbox',
  publicKey: 'pk_test_sandbox',
};

/** GET /api/delivery: the default zones; pickup off unless a test turns it on. */
export const DELIVERY = deliveryOptions();
export const WITH_PICKUP = deliveryOptions({ pickup: { enabled: true, address: '5 Broad Street, Lagos Island' } });

/** POST /api/checkout/quote as the server prices the bag (₦12,345.00): fees by zone, FESTIVE10 takes 10%. */
export function quote(_url: URL, init?: RequestInit) {
  const body = JSON.parse(init!.body as string) as { state: string; method: string; code: string | null };
  if (body.code && body.code.toUpperCase() !== 'FESTIVE10')
    return jsonResponse({ error: 'validation', message: 'This code has expired' }, 400);
  const zone = DELIVERY.zones.find((z) => z.states.includes(body.state));
  if (!zone)
    return jsonResponse({ error: 'validation', message: `Sorry, we do not deliver to ${body.state} yet.` }, 400);
  const subtotal = 1_234_500;
  const delivery = body.method === 'pickup' ? 0 : zone.fee;
  const discount = body.code ? 123_450 : 0;
  return jsonResponse({
    breakdown: { subtotal, delivery, discount, total: subtotal + delivery - discount },
    deliveryEstimate: body.method === 'pickup' ? null : zone.estimate,
    code: body.code ? 'FESTIVE10' : null,
  });
}

/** The pay button for the bag delivered to Lagos: ₦12,345.00 and ₦2,500.00. */
export const PAY = 'Pay ₦14,845.00';

export const START = {
  reference: 'ANK-ref123',
  accessCode: 'acc_123',
  authorizationUrl: 'http://shop.test/sandbox/acc_123',
  amount: 1_484_500,
  breakdown: { subtotal: 1_234_500, delivery: 250_000, discount: 0, total: 1_484_500 },
  deliveryEstimate: '1–2 working days',
  currency: 'NGN',
  email: 'ada@example.com',
  publicKey: 'pk_test_sandbox',
  mode: 'sandbox',
  metadata: { name: 'Ada Obi', phone: '+234 803 000 0000' },
  // 13:35 UTC: 14:35 in Lagos.
  expiresAt: Date.UTC(2026, 10, 25, 13, 35),
};

export function fullBag(): Bag {
  return bagOf(bagItem({ product: product({ price: 1_234_500 }) }));
}
export const EMPTY_BAG: Bag = bagOf();

/** The order the checkout creates: the fixture's, for this bag delivered to Lagos. */
export function order(overrides: Partial<Order> = {}): Order {
  return orderFixture({
    id: 'ord-1234567890',
    number: 'HT4WQ8ZP',
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000,
    isNew: true,
    items: [
      {
        productId: 'oxford-brogue',
        priceAbroad: null,
        name: 'Oxford Brogue',
        price: 1_234_500,
        quantity: 1,
        size: '42',
        color: 'Black',
        variantId: 'v-42-Black',
        compareAtPrice: null,
      },
    ],
    totalAmount: 1_484_500,
    subtotal: 1_234_500,
    deliveryFee: 250_000,
    deliveryEstimate: '1–2 working days',
    deliveryAddress: DETAILS.address,
    ...overrides,
  });
}

export const session: Session = { ...sessionOf(customer, { bag: 1 }), expiresAt: null };

export type Routes = Parameters<typeof mockFetch>[0];

/** The shop's answers for a checkout; `paid` flips when the sandbox takes a success card. */
export function shop(overrides: Routes = {}) {
  const state = { paid: false };
  const fetch = mockFetch({
    '/api/bag': () => jsonResponse(state.paid ? EMPTY_BAG : fullBag()),
    '/api/checkout': DETAILS,
    '/api/delivery': DELIVERY,
    'POST /api/checkout/quote': quote,
    'POST /api/checkout': () => jsonResponse(START, 201),
    '/api/sandbox/checkout/acc_123': {
      reference: 'ANK-ref123',
      amount: 1_484_500,
      currency: 'NGN',
      email: 'ada@example.com',
      status: 'abandoned',
    },
    'POST /api/sandbox/checkout/acc_123': (_url, init) => {
      const { outcome } = JSON.parse(init!.body as string) as { outcome: string };
      if (outcome === 'success') {
        state.paid = true;
        return jsonResponse({ status: 'success', reference: 'ANK-ref123', message: 'Approved' });
      }
      return jsonResponse({
        status: 'failed',
        reference: 'ANK-ref123',
        message: outcome === 'declined' ? 'Declined' : 'Insufficient Funds',
      });
    },
    'POST /api/payments/verify': () =>
      jsonResponse({ data: { success: true, reference: 'ANK-ref123', order: order() } }),
    '/api/session': () =>
      jsonResponse({ ...session, counts: { bag: state.paid ? 0 : 1, saved: 0, newOrders: state.paid ? 1 : 0 } }),
    ...overrides,
  });
  return { fetch, state };
}

/**
 * The header and My Bag with its checkout, for `as` (the customer by default); `composed` renders
 * the app's composition (the bag's summary stepping aside while checkout is open).
 */
export function renderCheckout({ as = session, composed = false }: { as?: Session; composed?: boolean } = {}) {
  return renderWithProviders(
    <CheckoutScope>
      <Header onOpenMenu={() => {}} menuOpen={false} menuButtonRef={{ current: null }} />
      {composed ? <BagWithCheckout /> : <BagPage checkout={<CheckoutPanel />} notice={<CheckoutNotice />} />}
    </CheckoutScope>,
    { path: '/mybag', session: as },
  );
}

export const calls = (fetch: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetch.mock.calls.filter(
    ([url, init]) => (url as string).split('?')[0] === path && (init?.method ?? 'GET') === method,
  );

export async function openDetails() {
  fireEvent.click(await screen.findByRole('button', { name: 'Proceed to Checkout' }));
  return screen.findByRole('form', { name: 'Checkout details' });
}

export async function toPayment() {
  const form = await openDetails();
  fireEvent.click(within(form).getByRole('button', { name: 'Proceed to Payment' }));
  return screen.findByRole('button', { name: PAY });
}

export async function openSandbox() {
  fireEvent.click(await toPayment());
  return screen.findByRole('dialog', { name: 'Test payment' });
}
