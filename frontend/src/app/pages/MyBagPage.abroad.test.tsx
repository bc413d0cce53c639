// Issue 41 §2: a shopper abroad buys in pounds, delivered to the UK (or dollars, to the US).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { calls, DETAILS, renderCheckout, shop, START } from './testCheckout';
import { secureText } from '@/features/checkout/components/CheckoutPaymentStep';
import { CURRENCY_KEY, showCurrency } from '@/lib/shownCurrency';
import { bagItem, bagOf, deliveryOptions, product } from '@/test/fixtures';
import { jsonResponse, termRows } from '@/test/utils';

const ABROAD = deliveryOptions({
  abroad: [
    { region: 'GB', name: 'United Kingdom', enabled: true, currency: 'GBP', fee: 1200, estimate: '5–7 working days' },
    { region: 'US', name: 'United States', enabled: true, currency: 'USD', fee: 1500, estimate: '6–8 working days' },
    { region: 'CA', name: 'Canada', enabled: false, currency: 'USD', fee: 1800, estimate: '7–10 working days' },
  ],
  countries: [
    {
      code: 'GB',
      name: 'United Kingdom',
      region: 'GB',
      postcodeLabel: 'Postcode',
      postcodeRequired: true,
      regionLabel: 'County',
      regions: [],
    },
    {
      code: 'US',
      name: 'United States',
      region: 'US',
      postcodeLabel: 'ZIP code',
      postcodeRequired: true,
      regionLabel: 'State',
      regions: ['California', 'New York', 'Texas'],
    },
    {
      code: 'CA',
      name: 'Canada',
      region: 'CA',
      postcodeLabel: 'Postal code',
      postcodeRequired: true,
      regionLabel: 'Province',
      regions: ['Ontario'],
    },
  ],
});

const dress = product({
  id: 'adire-dress',
  name: 'Adire Dress',
  price: 4_000_000,
  pricesAbroad: [
    { currency: 'GBP', price: 1999, compareAtPrice: null },
    { currency: 'USD', price: 2599, compareAtPrice: null },
  ],
});
const BAG = bagOf(bagItem({ product: dress, quantity: 1 }));

const CHARGE = { currency: 'GBP', subtotal: 1999, delivery: 1200, discount: 0, total: 3199 };

function abroadShop() {
  return shop({
    '/api/bag': BAG,
    '/api/delivery': ABROAD,
    '/api/currencies': {
      currencies: [
        { currency: 'USD', symbol: '$', name: 'US dollar' },
        { currency: 'GBP', symbol: '£', name: 'British pound' },
      ],
    },
    'POST /api/checkout/quote': (_url, init) => {
      const body = JSON.parse(init!.body as string) as { currency: string };
      return jsonResponse({
        breakdown: { subtotal: 3_998_000, delivery: 2_400_000, discount: 0, total: 6_398_000 },
        deliveryEstimate: '5–7 working days',
        code: null,
        charge: body.currency === 'GBP' ? CHARGE : null,
        toPay: 6_398_000,
        credit: { applied: 0, balance: 500_000, status: 'usable' },
        giftCard: null,
        payOnDelivery: { offered: false, reason: null },
      });
    },
    'POST /api/checkout': () => jsonResponse({ ...START, currency: 'GBP', amount: 3199 }, 201),
    '/api/sandbox/checkout/acc_123': {
      reference: 'ANK-ref123',
      amount: 3199,
      currency: 'GBP',
      email: 'ada@example.com',
      status: 'abandoned',
    },
  });
}

beforeEach(() => {
  window.localStorage.setItem(CURRENCY_KEY, 'GBP');
  act(() => showCurrency('GBP'));
});

afterEach(() => {
  window.localStorage.clear();
  act(() => showCurrency('NGN'));
});

async function detailsForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Proceed to Checkout' }));
  return screen.findByRole('form', { name: 'Checkout details' });
}

describe('a shopper in London, in pounds', () => {
  it('sees her bag in pounds: each line and the total', async () => {
    abroadShop();
    renderCheckout();
    const list = await screen.findByRole('list', { name: 'Items in your bag' });
    expect(list.textContent).toContain('£19.99');
    const total = screen.getByText('Total').nextElementSibling!;
    expect(total.textContent).toBe('£19.99');
    expect(total.querySelector('[data-currency="GBP"]')?.getAttribute('data-minor')).toBe('1999');
    // Nigeria's "Deliver to" is not hers.
    expect(screen.queryByText(/Deliver to/)).toBeNull();
  });

  it('chooses the United Kingdom: its postcode and county, no Nigerian state, no pickup', async () => {
    abroadShop();
    renderCheckout();
    const form = await detailsForm();
    const country = within(form).getByLabelText<HTMLSelectElement>('Country');
    expect(Array.from(country.options).map((o) => o.textContent)).toEqual([
      'Nigeria',
      'United Kingdom',
      'United States',
    ]);
    fireEvent.change(country, { target: { value: 'GB' } });
    expect(within(form).queryByLabelText('State')).toBeNull();
    const county = within(form).getByLabelText<HTMLInputElement>('County (optional)');
    expect(county.required).toBe(false);
    const postcode = within(form).getByLabelText<HTMLInputElement>('Postcode');
    expect(postcode.required).toBe(true);
    expect(within(form).queryByLabelText('Pick up in store')).toBeNull();
    expect(within(form).getByText('£12.00, 5–7 working days')).toBeTruthy();

    fireEvent.change(postcode, { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Proceed to Payment' }));
    expect(within(form).getByText('Please fill in all delivery address fields')).toBeTruthy();
    expect(document.activeElement).toBe(postcode);
  });

  it('pays in pounds: the quote and the start in GBP to GB, the charge shown, no naira-only ways to pay', async () => {
    const { fetch } = abroadShop();
    renderCheckout();
    const form = await detailsForm();
    fireEvent.change(within(form).getByLabelText('Country'), { target: { value: 'GB' } });
    fireEvent.change(within(form).getByLabelText('Street address'), { target: { value: '10 Brixton Road' } });
    fireEvent.change(within(form).getByLabelText('City'), { target: { value: 'London' } });
    fireEvent.change(within(form).getByLabelText('Postcode'), { target: { value: 'SW9 6BU' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Proceed to Payment' }));

    const pay = await screen.findByRole('button', { name: 'Pay £31.99' });
    expect(screen.getByText('United Kingdom', { selector: '.checkout__review span' })).toBeTruthy();
    const quoted = JSON.parse(calls(fetch, 'POST', '/api/checkout/quote')[0]![1]!.body as string) as object;
    expect(quoted).toMatchObject({ currency: 'GBP', country: 'GB', state: '', method: 'delivery' });
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(termRows(summary, '.breakdown > div')).toEqual([
      ['Subtotal', '£19.99'],
      ['Delivery', '£12.00'],
      ['Total', '£31.99'],
    ]);
    expect(screen.queryByText(/Store credit/)).toBeNull();
    expect(screen.queryByText('Gift card')).toBeNull();
    expect(screen.queryByText('How to pay')).toBeNull();
    // With real keys, the line under Pay says which currency the card pays in.
    expect(secureText('GBP')).toBe('Card payment in £ GBP through Paystack.');
    expect(secureText('NGN')).toBe('Card payment in naira through Paystack.');

    fireEvent.click(pay);
    const dialog = await screen.findByRole('dialog', { name: 'Test payment' });
    const started = JSON.parse(calls(fetch, 'POST', '/api/checkout')[0]![1]!.body as string) as {
      currency: string;
      expectedTotal: number;
      address: { country: string; postalCode: string; state: string };
    };
    expect(started).toMatchObject({ currency: 'GBP', expectedTotal: 3199 });
    expect(started.address).toMatchObject({ country: 'GB', postalCode: 'SW9 6BU', state: '' });
    expect(within(dialog).getByText('£31.99')).toBeTruthy();
  });

  it('to the United States: the state is a required choice of its own, with a ZIP code', async () => {
    abroadShop();
    renderCheckout();
    const form = await detailsForm();
    fireEvent.change(within(form).getByLabelText('Country'), { target: { value: 'US' } });
    const state = within(form).getByLabelText<HTMLSelectElement>('State');
    expect(state.required).toBe(true);
    expect(Array.from(state.options).map((o) => o.value)).toEqual(['', 'California', 'New York', 'Texas']);
    expect(within(form).getByLabelText<HTMLInputElement>('ZIP code').required).toBe(true);
    fireEvent.change(within(form).getByLabelText('Street address'), { target: { value: '1 Main St' } });
    fireEvent.change(within(form).getByLabelText('City'), { target: { value: 'Houston' } });
    fireEvent.change(within(form).getByLabelText('ZIP code'), { target: { value: '77002' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(document.activeElement).toBe(state));
    expect(within(form).getByText('Please fill in all delivery address fields')).toBeTruthy();
  });

  it('back in Nigeria: the state list and pickup come back', async () => {
    abroadShop();
    renderCheckout();
    const form = await detailsForm();
    fireEvent.change(within(form).getByLabelText('Country'), { target: { value: 'GB' } });
    fireEvent.change(within(form).getByLabelText('Country'), { target: { value: 'NG' } });
    expect(within(form).getByLabelText<HTMLSelectElement>('State').options.length).toBeGreaterThan(2);
    expect(within(form).getByLabelText('Postal code')).toBeTruthy();
    expect(DETAILS.address.country).toBe('Nigeria');
  });
});
