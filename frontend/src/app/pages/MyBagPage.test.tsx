import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  calls,
  DELIVERY,
  DETAILS,
  fullBag,
  openDetails,
  openSandbox,
  PAY,
  quote,
  renderCheckout,
  shop,
  START,
  toPayment,
  WITH_PICKUP,
} from './testCheckout';
import { BAG_BLOCKED } from '@/features/checkout/components/CheckoutPanel';
import { bagItem, bagOf, product } from '@/test/fixtures';
import { jsonResponse, termRows } from '@/test/utils';

afterEach(() => {
  delete window.PaystackPop;
  window.localStorage.clear();
});

describe('checkout: details', () => {
  it('opens the details form prefilled from GET /api/checkout, with labels and autofill hints', async () => {
    shop();
    renderCheckout();
    const form = await openDetails();
    const field = (label: string) => within(form).getByLabelText<HTMLInputElement>(label);
    expect(field('Full name').value).toBe('Ada Obi');
    expect(field('Email').value).toBe('ada@example.com');
    expect(field('Phone number').value).toBe('+234 803 000 0000');
    expect(field('Street address').value).toBe('12 Marina Road');
    expect(field('City').value).toBe('Lagos Island');
    expect(field('State').value).toBe('Lagos');
    // A choice of countries (Nigeria first), by ISO code; the address still says Nigeria.
    expect(field('Country').value).toBe('NG');
    expect(field('Postal code').value).toBe('101001');
    expect(
      ['Full name', 'Email', 'Phone number', 'Street address', 'City', 'State', 'Country', 'Postal code'].map((l) =>
        field(l).getAttribute('autocomplete'),
      ),
    ).toEqual(['name', 'email', 'tel', 'street-address', 'address-level2', 'address-level1', 'country', 'postal-code']);
    expect(field('Email').getAttribute('inputmode')).toBe('email');
    expect(field('Phone number').getAttribute('inputmode')).toBe('tel');
    expect(field('Phone number').type).toBe('tel');
    expect(field('City').required).toBe(true);
    expect(screen.getByRole('heading', { name: 'Delivery details' })).toBe(document.activeElement);
  });

  it('starts from the profile and Nigeria when the server has no details yet', async () => {
    shop({
      '/api/checkout': {
        ...DETAILS,
        customer: { name: 'Ada Obi', email: 'ada@example.com', phone: '' },
        address: null,
      },
    });
    renderCheckout();
    const form = await openDetails();
    expect(within(form).getByLabelText<HTMLInputElement>('Phone number').value).toBe('');
    expect(within(form).getByLabelText<HTMLInputElement>('Street address').value).toBe('');
    expect(within(form).getByLabelText<HTMLSelectElement>('Country').value).toBe('NG');
    expect(within(form).getByLabelText<HTMLSelectElement>('State').value).toBe('');
  });

  it("the State is a choice of the shop's states, prefilled from the last address in any case", async () => {
    shop({ '/api/checkout': { ...DETAILS, address: { ...DETAILS.address, state: 'fct' } } });
    renderCheckout();
    const form = await openDetails();
    const state = within(form).getByLabelText<HTMLSelectElement>('State');
    expect(state.tagName).toBe('SELECT');
    expect(state.value).toBe('Federal Capital Territory');
    expect(
      within(state)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', ...DELIVERY.states]);
    // The fee and estimate for the chosen state, beside "Delivery"; no pickup when the shop offers none.
    expect(
      within(form)
        .getByRole('radio', { name: /^Delivery/ })
        .closest('label')?.textContent,
    ).toBe('Delivery₦6,500.00, 3–5 working days');
    fireEvent.change(state, { target: { value: 'Ogun' } });
    expect(within(form).getByText('₦4,000.00, 2–3 working days')).toBeTruthy();
    expect(within(form).queryByRole('radio', { name: /Pick up in store/ })).toBeNull();
  });

  it('a last address in a state the shop does not list leaves the choice to make', async () => {
    const { fetch } = shop({ '/api/checkout': { ...DETAILS, address: { ...DETAILS.address, state: 'Atlantis' } } });
    renderCheckout();
    const form = await openDetails();
    expect(within(form).getByLabelText<HTMLSelectElement>('State').value).toBe('');
    fireEvent.click(within(form).getByRole('button', { name: 'Proceed to Payment' }));
    expect(within(form).getByRole('alert').textContent).toBe('Please fill in all delivery address fields');
    expect(document.activeElement).toBe(within(form).getByLabelText('State'));
    expect(calls(fetch, 'POST', '/api/checkout/quote')).toHaveLength(0);
  });

  it('says "Please fill in all delivery address fields" for a missing address field and focuses it', async () => {
    const { fetch } = shop();
    renderCheckout();
    const form = await openDetails();
    fireEvent.change(within(form).getByLabelText('Postal code'), { target: { value: '  ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Proceed to Payment' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe('Please fill in all delivery address fields');
    const postal = within(form).getByLabelText('Postal code');
    expect(document.activeElement).toBe(postal);
    expect(postal.getAttribute('aria-invalid')).toBe('true');
    expect(postal.getAttribute('aria-describedby')).toBe(alert.id);
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
    expect(calls(fetch, 'POST', '/api/checkout')).toHaveLength(0);
  });

  it('requires the name, e-mail and phone before the address', async () => {
    shop();
    renderCheckout();
    const form = await openDetails();
    fireEvent.change(within(form).getByLabelText('Phone number'), { target: { value: '' } });
    fireEvent.change(within(form).getByLabelText('City'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Proceed to Payment' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Please fill in your name, email and phone number.',
    );
    expect(document.activeElement).toBe(within(form).getByLabelText('Phone number'));
    fireEvent.change(within(form).getByLabelText('Phone number'), { target: { value: '0803 000 0000' } });
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'ada@example' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Proceed to Payment' }));
    expect(within(form).getByRole('alert').textContent).toBe('Please enter a valid email address.');
  });

  it('Cancel closes the form; Edit details on the payment step keeps what was typed', async () => {
    shop();
    renderCheckout();
    let form = await openDetails();
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    form = await openDetails();
    fireEvent.change(within(form).getByLabelText('Street address'), { target: { value: '3 Allen Avenue' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Proceed to Payment' }));
    expect(await screen.findByText('3 Allen Avenue')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit details' }));
    expect(screen.getByLabelText<HTMLInputElement>('Street address').value).toBe('3 Allen Avenue');
  });
});

describe('checkout: paying', () => {
  it('a double click on Pay starts one payment, with an Idempotency-Key, and the button is disabled meanwhile', async () => {
    let release!: () => void;
    const { fetch } = shop({
      'POST /api/checkout': () =>
        new Promise<Response>((resolve) => (release = () => resolve(jsonResponse(START, 201)))),
    });
    renderCheckout();
    const pay = await toPayment();
    fireEvent.click(pay);
    fireEvent.click(pay);
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(true));
    const posts = calls(fetch, 'POST', '/api/checkout');
    expect(posts).toHaveLength(1);
    const headers = new Headers(posts[0]![1]!.headers);
    expect(headers.get('Idempotency-Key')).toMatch(/^[\w-]{16,}$/);
    expect(headers.get('X-Requested-With')).toBe('ankara');
    expect(JSON.parse(posts[0]![1]!.body as string)).toEqual({
      customer: DETAILS.customer,
      address: DETAILS.address,
      method: 'delivery',
      code: null,
      expectedTotal: 1_484_500,
      paymentMethod: 'paystack',
      note: '',
      // Neither store credit nor a gift card was chosen.
      useCredit: false,
      giftCard: null,
      // In naira (the address says the country).
      currency: 'NGN',
    });
    await act(async () => release());
    expect(await screen.findByRole('dialog', { name: 'Test payment' })).toBeTruthy();
  });

  it('a second attempt sends a fresh Idempotency-Key', async () => {
    const { fetch } = shop();
    renderCheckout();
    const dialog = await openSandbox();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await screen.findByText('Payment cancelled');
    fireEvent.click(screen.getByRole('button', { name: PAY }));
    await screen.findByRole('dialog', { name: 'Test payment' });
    const keys = calls(fetch, 'POST', '/api/checkout').map(([, init]) =>
      new Headers(init!.headers).get('Idempotency-Key'),
    );
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('the sandbox pop-up is a TEST MODE dialog offering the test cards', async () => {
    shop();
    renderCheckout();
    const dialog = await openSandbox();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByText('TEST MODE')).toBeTruthy();
    await within(dialog).findByText('ada@example.com');
    expect(within(dialog).getByText('₦14,845.00')).toBeTruthy();
    for (const name of [
      'Pay with test card 4084 0840 8408 4081 (Success)',
      'Pay with test card 4084 0800 0000 5408 (Declined)',
      'Pay with test card 4084 0800 0067 0037 (Insufficient funds)',
    ]) {
      expect(within(dialog).getByRole('button', { name })).toBeTruthy();
    }
    await waitFor(() => expect(document.activeElement?.textContent).toContain('4084 0840 8408 4081'));
  });

  it('success: verifies, says "Payment successful! Reference: …", empties the bag and updates the badges', async () => {
    const { fetch } = shop();
    renderCheckout();
    expect(await screen.findByRole('link', { name: 'My Bag (1)' })).toBeTruthy();
    const dialog = await openSandbox();
    fireEvent.click(await within(dialog).findByRole('button', { name: /\(Success\)$/ }));
    const notice = await screen.findByText('Payment successful! Reference: ANK-ref123');
    expect(notice.closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(JSON.parse(calls(fetch, 'POST', '/api/payments/verify')[0]![1]!.body as string)).toEqual({
      reference: 'ANK-ref123',
    });
    expect(await screen.findByText('Your bag is empty')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: 'My Bag' })).toBeTruthy());
    expect(screen.getByRole('link', { name: 'My Orders (1)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View My Orders' }).getAttribute('href')).toBe('/myorders');
    expect(document.activeElement).toBe(notice.closest('.checkout-notice'));
  });

  it.each([
    [
      'the Close button',
      (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Close' })),
    ],
    ['Escape', (dialog: HTMLElement) => fireEvent.keyDown(dialog, { key: 'Escape' })],
  ])('closing the pop-up with %s says "Payment cancelled" and allows paying again', async (_how, close) => {
    const { fetch } = shop();
    renderCheckout();
    const dialog = await openSandbox();
    close(dialog);
    expect(await screen.findByText('Payment cancelled')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls(fetch, 'POST', '/api/payments/verify')).toHaveLength(0);
    const pay = screen.getByRole<HTMLButtonElement>('button', { name: PAY });
    await waitFor(() => expect(document.activeElement).toBe(pay));
    expect(pay.disabled).toBe(false);
  });

  it('closing the pop-up releases the units the payment held (POST /api/payments/cancel)', async () => {
    const { fetch } = shop({ 'POST /api/payments/cancel': { message: 'Released' } });
    renderCheckout();
    const dialog = await openSandbox();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await screen.findByText('Payment cancelled');
    await waitFor(() => expect(calls(fetch, 'POST', '/api/payments/cancel')).toHaveLength(1));
    expect(JSON.parse(calls(fetch, 'POST', '/api/payments/cancel')[0]![1]!.body as string)).toEqual({
      reference: 'ANK-ref123',
    });
  });

  it('a line sold out while paying (409): says so before any pop-up and refreshes the bag', async () => {
    const message = 'Sorry, Oxford Brogue (42, Black) has just sold out';
    let soldOut = false;
    const { fetch } = shop({
      '/api/bag': () => {
        const bag = fullBag();
        if (!soldOut) return jsonResponse(bag);
        const item = { ...bag.items[0]!, available: 0, notice: 'Sold out — remove it to continue' };
        return jsonResponse({ ...bag, items: [item], canCheckout: false });
      },
      'POST /api/checkout': () => {
        soldOut = true;
        return jsonResponse({ error: 'conflict', message }, 409);
      },
    });
    renderCheckout();
    fireEvent.click(await toPayment());
    expect((await screen.findByText(message)).closest('[role="alert"]')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('Sold out — remove it to continue')).toBeTruthy();
    const pay = screen.getByRole<HTMLButtonElement>('button', { name: PAY });
    await waitFor(() => expect(pay.disabled).toBe(true));
    expect(document.getElementById(pay.getAttribute('aria-describedby')!)?.textContent).toBe(BAG_BLOCKED);
    expect(calls(fetch, 'POST', '/api/payments/cancel')).toHaveLength(0);
  });

  it('Proceed to Checkout waits, with the reason, while a line is sold out', async () => {
    const bag = fullBag();
    const item = { ...bag.items[0]!, available: 0, notice: 'Sold out — remove it to continue' };
    shop({ '/api/bag': { ...bag, items: [item], canCheckout: false } });
    renderCheckout();
    const proceed = await screen.findByRole<HTMLButtonElement>('button', { name: 'Proceed to Checkout' });
    expect(proceed.disabled).toBe(true);
    expect(document.getElementById(proceed.getAttribute('aria-describedby')!)?.textContent).toBe(BAG_BLOCKED);
  });

  it('a declined card shows the decline in the pop-up, and another card can still pay', async () => {
    shop();
    renderCheckout();
    const dialog = await openSandbox();
    fireEvent.click(await within(dialog).findByRole('button', { name: /\(Declined\)$/ }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Declined');
    fireEvent.click(within(dialog).getByRole('button', { name: /\(Insufficient funds\)$/ }));
    await within(dialog).findByText('Insufficient Funds.');
    fireEvent.click(within(dialog).getByRole('button', { name: /\(Success\)$/ }));
    expect(await screen.findByText('Payment successful! Reference: ANK-ref123')).toBeTruthy();
  });

  it('shows the server message plainly when verification says the payment is not complete', async () => {
    shop({
      'POST /api/payments/verify': {
        data: {
          success: false,
          reference: 'ANK-ref123',
          status: 'mismatch',
          message:
            'Your payment could not be confirmed: the amount paid does not match your order. Our team will contact you.',
        },
      },
    });
    renderCheckout();
    const dialog = await openSandbox();
    fireEvent.click(await within(dialog).findByRole('button', { name: /\(Success\)$/ }));
    expect(
      await screen.findByText(
        'Your payment could not be confirmed: the amount paid does not match your order. Our team will contact you.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Payment successful/)).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: PAY }).disabled).toBe(false);
  });

  it('shows the server message when verification fails (502)', async () => {
    const message =
      'We could not confirm your payment yet. If you were charged, your order will appear in My Orders shortly.';
    shop({ 'POST /api/payments/verify': () => jsonResponse({ error: 'upstream', message }, 502) });
    renderCheckout();
    const dialog = await openSandbox();
    fireEvent.click(await within(dialog).findByRole('button', { name: /\(Success\)$/ }));
    expect((await screen.findByText(message)).closest('[role="alert"]')).toBeTruthy();
  });

  it('goes back to the form with the server reason when it refuses the details', async () => {
    shop({
      'POST /api/checkout': () =>
        jsonResponse({ error: 'validation', message: 'Please enter a valid phone number.' }, 400),
    });
    renderCheckout();
    fireEvent.click(await toPayment());
    const form = await screen.findByRole('form', { name: 'Checkout details' });
    expect(within(form).getByRole('alert').textContent).toBe('Please enter a valid phone number.');
  });

  it('shows why a payment could not start (empty bag, provider down)', async () => {
    shop({
      'POST /api/checkout': () =>
        jsonResponse(
          { error: 'upstream', message: "We couldn't start the payment. Please try again in a moment." },
          502,
        ),
    });
    renderCheckout();
    fireEvent.click(await toPayment());
    expect(await screen.findByText("We couldn't start the payment. Please try again in a moment.")).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says until when the items are held while the pop-up is open, in Lagos time', async () => {
    shop();
    renderCheckout();
    const dialog = await openSandbox();
    expect(within(dialog).getByText('Your items are held until 14:35')).toBeTruthy();
    const near = screen.getAllByText('Your items are held until 14:35').find((p) => !dialog.contains(p))!;
    expect(near.closest('[role="status"]')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await screen.findByText('Payment cancelled');
    // Cancelled: nothing is held any more.
    expect(screen.queryByText(/held until/)).toBeNull();
  });

  it('an open payment resumed (200) opens its pop-up as a new one does', async () => {
    shop({ 'POST /api/checkout': () => jsonResponse(START, 200) });
    renderCheckout();
    const dialog = await openSandbox();
    fireEvent.click(await within(dialog).findByRole('button', { name: /\(Success\)$/ }));
    expect(await screen.findByText('Payment successful! Reference: ANK-ref123')).toBeTruthy();
  });

  it('a total changed since the summary (409 price_changed): says so, shows the new total, and Pay pays it', async () => {
    const changed = 'The total has changed to ₦16,845.00 since you saw it. Please check your order and pay again.';
    const state = { fee: 250_000 };
    const { fetch } = shop({
      // The shop raised the Lagos fee to ₦4,500.00 after the summary was shown.
      'POST /api/checkout/quote': (url, init) =>
        quote(url, init)
          .json()
          .then((q: { breakdown: { subtotal: number; total: number } }) =>
            jsonResponse({
              ...q,
              breakdown: { ...q.breakdown, delivery: state.fee, total: q.breakdown.subtotal + state.fee },
            }),
          ),
      'POST /api/checkout': (_url, init) => {
        const { expectedTotal } = JSON.parse(init!.body as string) as { expectedTotal: number };
        state.fee = 450_000;
        if (expectedTotal !== 1_684_500) return jsonResponse({ error: 'price_changed', message: changed }, 409);
        return jsonResponse({ ...START, amount: 1_684_500 }, 201);
      },
    });
    renderCheckout();
    fireEvent.click(await toPayment());
    expect((await screen.findByText(changed)).closest('[role="alert"]')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    // The summary is priced again: the new fee and total, and Pay says it.
    const pay = await screen.findByRole<HTMLButtonElement>('button', { name: 'Pay ₦16,845.00' });
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('₦4,500.00')).toBeTruthy();
    await waitFor(() => expect(pay.disabled).toBe(false));
    fireEvent.click(pay);
    expect(await screen.findByRole('dialog', { name: 'Test payment' })).toBeTruthy();
    const totals = calls(fetch, 'POST', '/api/checkout').map(
      ([, init]) => (JSON.parse(init!.body as string) as { expectedTotal: number }).expectedTotal,
    );
    expect(totals).toEqual([1_484_500, 1_684_500]);
  });

  it('a payment in progress elsewhere (409): "Cancel that payment" cancels it, then Pay starts this one', async () => {
    const message = 'You have a payment in progress for a different bag. Finish it, or cancel it to start again.';
    const state = { open: true };
    const { fetch } = shop({
      'POST /api/checkout': () =>
        state.open ? jsonResponse({ error: 'payment_in_progress', message }, 409) : jsonResponse(START, 201),
      'POST /api/payments/cancel': () => {
        state.open = false;
        return jsonResponse({ status: 'ok' });
      },
    });
    renderCheckout();
    fireEvent.click(await toPayment());
    expect((await screen.findByText(message)).closest('[role="alert"]')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel that payment' }));
    const done = await screen.findByText('The earlier payment was cancelled. You can pay now.');
    expect(done.closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel that payment' })).toBeNull();
    expect(screen.queryByText(message)).toBeNull();
    expect(JSON.parse(calls(fetch, 'POST', '/api/payments/cancel')[0]![1]!.body as string)).toEqual({});
    const pay = screen.getByRole<HTMLButtonElement>('button', { name: PAY });
    await waitFor(() => expect(document.activeElement).toBe(pay));
    fireEvent.click(pay);
    expect(await screen.findByRole('dialog', { name: 'Test payment' })).toBeTruthy();
  });

  it('a cancel of the earlier payment that fails says why and can be tried again', async () => {
    const message = 'You have a payment in progress for a different bag. Finish it, or cancel it to start again.';
    const { fetch } = shop({
      'POST /api/checkout': () => jsonResponse({ error: 'payment_in_progress', message }, 409),
      'POST /api/payments/cancel': () =>
        jsonResponse({ error: 'upstream', message: 'Paystack is not answering.' }, 502),
    });
    renderCheckout();
    fireEvent.click(await toPayment());
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel that payment' }));
    expect(await screen.findByText('Paystack is not answering.')).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel that payment' }));
    await waitFor(() => expect(calls(fetch, 'POST', '/api/payments/cancel')).toHaveLength(2));
  });

  it('paystack mode: resumes the transaction in Paystack Inline, then verifies or reports the cancel', async () => {
    const resume = vi.fn();
    window.PaystackPop = class {
      resumeTransaction = resume;
    };
    const { fetch } = shop({
      'POST /api/checkout': () => jsonResponse({ ...START, mode: 'paystack', publicKey: 'pk_live_x' }, 201),
    });
    renderCheckout();
    fireEvent.click(await toPayment());
    await waitFor(() => expect(resume).toHaveBeenCalledTimes(1));
    expect(resume.mock.calls[0]![0]).toBe('acc_123');
    const callbacks = resume.mock.calls[0]![1] as { onSuccess: (t: object) => void; onCancel: () => void };
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => callbacks.onCancel());
    expect(await screen.findByText('Payment cancelled')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: PAY }));
    await waitFor(() => expect(resume).toHaveBeenCalledTimes(2));
    const again = resume.mock.calls[1]![1] as { onSuccess: (t: object) => void };
    await act(async () => again.onSuccess({ reference: 'ANK-ref123', message: 'Approved' }));
    expect(await screen.findByText('Payment successful! Reference: ANK-ref123')).toBeTruthy();
    expect(calls(fetch, 'POST', '/api/payments/verify')).toHaveLength(1);
  });
});

describe('checkout: the summary, delivery and discount codes', () => {
  const summary = () => screen.getByRole('region', { name: 'Summary' });
  const rows = () => termRows(summary(), 'dl > div');

  it("shows the server's Subtotal, Delivery and Total before paying", async () => {
    const { fetch } = shop();
    renderCheckout();
    await toPayment();
    expect(rows()).toEqual([
      ['Subtotal', '₦12,345.00'],
      ['Delivery', '₦2,500.00'],
      ['Total', '₦14,845.00'],
    ]);
    expect(within(summary()).getByText('Delivery to Lagos in 1–2 working days')).toBeTruthy();
    expect(JSON.parse(calls(fetch, 'POST', '/api/checkout/quote')[0]![1]!.body as string)).toEqual({
      state: 'Lagos',
      method: 'delivery',
      code: null,
      useCredit: false,
      giftCard: null,
      // A signed-in shopper's credit is her account's: no e-mail is sent with the quote.
      email: null,
      currency: 'NGN',
      country: 'NG',
    });
  });

  it('a refused code shows the reason under the field and keeps the summary', async () => {
    const { fetch } = shop();
    renderCheckout();
    await toPayment();
    const code = screen.getByRole('form', { name: 'Discount code' });
    fireEvent.change(within(code).getByLabelText('Discount code'), { target: { value: 'OLDCODE' } });
    fireEvent.click(within(code).getByRole('button', { name: 'Apply' }));
    const alert = await within(code).findByRole('alert');
    expect(alert.textContent).toBe('This code has expired');
    expect(within(code).getByLabelText('Discount code').getAttribute('aria-describedby')).toBe(alert.id);
    expect(rows()).toEqual([
      ['Subtotal', '₦12,345.00'],
      ['Delivery', '₦2,500.00'],
      ['Total', '₦14,845.00'],
    ]);
    expect(screen.getByRole('button', { name: PAY })).toBeTruthy();
    expect(calls(fetch, 'POST', '/api/checkout/quote')).toHaveLength(2);
  });

  it('an applied code shows with Remove, takes its discount off the total, and goes with the payment', async () => {
    const { fetch } = shop();
    renderCheckout();
    await toPayment();
    const code = screen.getByRole('form', { name: 'Discount code' });
    fireEvent.change(within(code).getByLabelText('Discount code'), { target: { value: 'festive10' } });
    fireEvent.click(within(code).getByRole('button', { name: 'Apply' }));
    const pay = await screen.findByRole('button', { name: 'Pay ₦13,610.50' });
    expect(screen.getByText('FESTIVE10')).toBeTruthy();
    expect(rows()).toEqual([
      ['Subtotal', '₦12,345.00'],
      ['Delivery', '₦2,500.00'],
      ['Discount (FESTIVE10)', '-₦1,234.50'],
      ['Total', '₦13,610.50'],
    ]);
    fireEvent.click(pay);
    await screen.findByRole('dialog', { name: 'Test payment' });
    const body = JSON.parse(calls(fetch, 'POST', '/api/checkout')[0]![1]!.body as string) as { code: string };
    expect(body.code).toBe('FESTIVE10');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    await screen.findByText('Payment cancelled');

    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('button', { name: PAY })).toBeTruthy();
    expect(screen.queryByText('FESTIVE10')).toBeNull();
    expect(screen.queryByText('Payment cancelled')).toBeNull();
  });

  it("Pick up in store, when offered: free, with the shop's address, and re-priced by the server", async () => {
    const { fetch } = shop({ '/api/delivery': WITH_PICKUP });
    renderCheckout();
    const form = await openDetails();
    const pickup = within(form).getByRole('radio', { name: /^Pick up in store/ });
    expect(pickup.closest('label')?.textContent).toBe('Pick up in storeFree, at 5 Broad Street, Lagos Island');
    fireEvent.click(pickup);
    fireEvent.click(within(form).getByRole('button', { name: 'Proceed to Payment' }));
    expect(await screen.findByRole('button', { name: 'Pay ₦12,345.00' })).toBeTruthy();
    expect(rows()).toEqual([
      ['Subtotal', '₦12,345.00'],
      ['Pick up in store', 'Free'],
      ['Total', '₦12,345.00'],
    ]);
    expect(screen.getByText('5 Broad Street, Lagos Island')).toBeTruthy();
    expect(JSON.parse(calls(fetch, 'POST', '/api/checkout/quote')[0]![1]!.body as string)).toMatchObject({
      method: 'pickup',
    });
  });

  it("a state the shop does not deliver to: the server's reason, and no Pay", async () => {
    shop({ '/api/checkout': { ...DETAILS, address: { ...DETAILS.address, state: 'Borno' } } });
    renderCheckout();
    const form = await openDetails();
    expect(within(form).getByText('Sorry, we do not deliver to Borno yet.')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Proceed to Payment' }));
    const alert = await within(screen.getByRole('region', { name: 'Summary' })).findByRole('alert');
    expect(alert.textContent).toBe('Sorry, we do not deliver to Borno yet.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Pay' }).disabled).toBe(true);
  });
});

describe("the bag's delivery line", () => {
  it("prices delivery to the last address's state, and what more earns free delivery", async () => {
    shop();
    renderCheckout();
    expect(await screen.findByText('Delivery to Lagos: ₦2,500.00, 1–2 working days')).toBeTruthy();
    expect(screen.getByText('Add ₦87,655.00 more for free delivery')).toBeTruthy();
    expect(screen.getByLabelText<HTMLSelectElement>('Deliver to').value).toBe('Lagos');
  });

  it('without an address, "Deliver to" chooses the state, remembered in this browser', async () => {
    shop({ '/api/checkout': { ...DETAILS, address: null } });
    renderCheckout();
    const choose = await screen.findByLabelText<HTMLSelectElement>('Deliver to');
    expect(choose.value).toBe('');
    expect(screen.queryByTestId('delivery-line')).toBeNull();
    fireEvent.change(choose, { target: { value: 'Oyo' } });
    expect(await screen.findByText('Delivery to Oyo: ₦4,000.00, 2–3 working days')).toBeTruthy();
    expect(screen.getByText('Add ₦137,655.00 more for free delivery')).toBeTruthy();
    expect(window.localStorage.getItem('ankara.deliverTo')).toBe('Oyo');
  });

  it("free over the zone's threshold, with nothing more to add", async () => {
    shop({ '/api/bag': bagOf(bagItem({ product: product({ price: 10_000_000 }) })) });
    renderCheckout();
    expect(await screen.findByText('Free delivery to Lagos, 1–2 working days')).toBeTruthy();
    expect(screen.queryByText(/more for free delivery/)).toBeNull();
  });
});
