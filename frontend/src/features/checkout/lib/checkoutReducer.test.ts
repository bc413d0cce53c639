import { describe, expect, it } from 'vitest';
import type { PaymentStart } from '../api/checkout';
import {
  checkoutReducer,
  focusAfter,
  initialCheckoutState,
  isBusy,
  isCodeProblem,
  messageOf,
  startFailure,
  type CheckoutAction,
  type CheckoutState,
  type PaymentState,
} from './checkoutReducer';
import type { CheckoutValues } from './validate';
import { ApiError } from '@/lib/api';
import { ADA, LAGOS_ADDRESS } from '@/test/fixtures';

const values: CheckoutValues = { customer: ADA, address: LAGOS_ADDRESS, method: 'delivery' };

/** The reducer only carries the server's answer to the pop-up: a few fields will do. */
const start = { reference: 'ANK-ref123', accessCode: 'acc_123', amount: 1_234_500, mode: 'sandbox' } as PaymentStart;

const details: CheckoutState = { step: 'details', values: null, code: null, problem: null };
const at = (payment: PaymentState, code: string | null = null): CheckoutState => ({
  step: 'payment',
  values,
  code,
  payment,
});
const ready = at({ status: 'ready' });
const starting = at({ status: 'starting' });
const popup = at({ status: 'popup', start });
const verifying = at({ status: 'verifying', reference: 'ANK-ref123' });
const cancelled = at({ status: 'cancelled' });
const failed = at({ status: 'error', message: 'Declined' });
const IN_PROGRESS = 'You have a payment in progress for a different bag. Finish it, or cancel it to start again.';
const blockedAt = at({ status: 'blocked', message: IN_PROGRESS, problem: null });
const releasing = at({ status: 'releasing', message: IN_PROGRESS });
const released = at({ status: 'released' });

/** Applies actions in turn. */
const run = (state: CheckoutState, ...actions: CheckoutAction[]) => actions.reduce(checkoutReducer, state);

const ALL_ACTIONS: CheckoutAction[] = [
  { type: 'open' },
  { type: 'back' },
  { type: 'submit', values },
  { type: 'edit' },
  { type: 'code', code: 'FESTIVE10' },
  { type: 'pay' },
  { type: 'started', start },
  { type: 'refused', message: 'Please enter a valid phone number.' },
  { type: 'paid', reference: 'ANK-ref123' },
  { type: 'cancelled' },
  { type: 'verified' },
  { type: 'failed', message: 'Declined' },
  { type: 'blocked', message: IN_PROGRESS },
  { type: 'release' },
  { type: 'released' },
];

/** The actions each state takes; every other action must leave it untouched. */
const TAKES: [string, CheckoutState, CheckoutAction['type'][]][] = [
  ['closed', initialCheckoutState, ['open']],
  ['details', details, ['back', 'submit']],
  ['ready', ready, ['edit', 'code', 'pay']],
  ['starting', starting, ['started', 'refused', 'failed', 'blocked']],
  ['popup', popup, ['paid', 'cancelled', 'failed']],
  ['verifying', verifying, ['verified', 'failed']],
  ['cancelled', cancelled, ['edit', 'code', 'pay']],
  ['error', failed, ['edit', 'code', 'pay']],
  ['blocked', blockedAt, ['edit', 'code', 'pay', 'release']],
  ['releasing', releasing, ['released', 'failed']],
  ['released', released, ['edit', 'code', 'pay']],
];

describe('checkoutReducer: the steps', () => {
  it('starts closed, with nothing typed', () => {
    expect(initialCheckoutState).toEqual({ step: 'closed', values: null, code: null });
  });

  it('Proceed to Checkout opens the details form', () => {
    expect(checkoutReducer(initialCheckoutState, { type: 'open' })).toEqual(details);
  });

  it('Proceed to Payment takes the details to the payment step, ready to pay', () => {
    expect(checkoutReducer(details, { type: 'submit', values })).toEqual(ready);
  });

  it('Cancel closes the form but keeps what was submitted for the next open', () => {
    const back = run(ready, { type: 'edit' }, { type: 'back' });
    expect(back).toEqual({ step: 'closed', values, code: null });
    expect(checkoutReducer(back, { type: 'open' })).toEqual({ step: 'details', values, code: null, problem: null });
  });

  it('Edit details goes back to the form with the values, and clears a notice', () => {
    for (const state of [ready, cancelled, failed]) {
      expect(checkoutReducer(state, { type: 'edit' })).toEqual({ step: 'details', values, code: null, problem: null });
    }
  });

  it('a new submit replaces the values and clears the server reason', () => {
    const refused = { step: 'details', values, code: null, problem: 'Please enter a valid phone number.' } as const;
    const edited = { ...values, customer: { ...values.customer, phone: '0803 000 0000' } };
    expect(checkoutReducer(refused, { type: 'submit', values: edited })).toEqual({
      step: 'payment',
      values: edited,
      code: null,
      payment: { status: 'ready' },
    });
  });
});

describe('checkoutReducer: paying', () => {
  it('Pay starts the payment; the server answer opens the pop-up', () => {
    expect(checkoutReducer(ready, { type: 'pay' })).toEqual(starting);
    expect(checkoutReducer(starting, { type: 'started', start })).toEqual(popup);
  });

  it('a success from the pop-up verifies; a verified payment closes the checkout and forgets the details', () => {
    expect(checkoutReducer(popup, { type: 'paid', reference: 'ANK-ref123' })).toEqual(verifying);
    expect(checkoutReducer(verifying, { type: 'verified' })).toEqual({ step: 'closed', values: null, code: null });
  });

  it('closing the pop-up cancels; Pay can start again', () => {
    expect(checkoutReducer(popup, { type: 'cancelled' })).toEqual(cancelled);
    expect(checkoutReducer(cancelled, { type: 'pay' })).toEqual(starting);
  });

  it('a failure while starting, in the pop-up or verifying shows its message; Pay can start again', () => {
    for (const state of [starting, popup, verifying]) {
      expect(checkoutReducer(state, { type: 'failed', message: 'Declined' })).toEqual(failed);
    }
    expect(checkoutReducer(failed, { type: 'pay' })).toEqual(starting);
  });

  it('details the server refuses go back to the form with its reason', () => {
    expect(checkoutReducer(starting, { type: 'refused', message: 'Please enter a valid phone number.' })).toEqual({
      step: 'details',
      values,
      code: null,
      problem: 'Please enter a valid phone number.',
    });
  });

  it('the whole happy path, from closed to closed', () => {
    const done = run(
      initialCheckoutState,
      { type: 'open' },
      { type: 'submit', values },
      { type: 'pay' },
      { type: 'started', start },
      { type: 'paid', reference: 'ANK-ref123' },
      { type: 'verified' },
    );
    expect(done).toEqual(initialCheckoutState);
  });

  it('busy while starting, in the pop-up and verifying; not otherwise', () => {
    const busy = [ready, starting, popup, verifying, cancelled, failed].map(
      (s) => s.step === 'payment' && isBusy(s.payment),
    );
    expect(busy).toEqual([false, true, true, true, false, false]);
  });
});

describe('checkoutReducer: an earlier payment in progress', () => {
  it('blocks the start; "Cancel that payment" cancels it, then Pay starts this one', () => {
    expect(run(starting, { type: 'blocked', message: IN_PROGRESS })).toEqual(blockedAt);
    expect(run(blockedAt, { type: 'release' })).toEqual(releasing);
    expect(isBusy({ status: 'releasing', message: IN_PROGRESS })).toBe(true);
    expect(run(releasing, { type: 'released' })).toEqual(released);
    expect(run(released, { type: 'pay' })).toEqual(starting);
  });

  it('a cancel that fails keeps the way to try again, saying why', () => {
    expect(run(releasing, { type: 'failed', message: 'Network error.' })).toEqual(
      at({ status: 'blocked', message: IN_PROGRESS, problem: 'Network error.' }),
    );
  });

  it('Pay may also be tried again while blocked (the earlier payment may have ended meanwhile)', () => {
    expect(run(blockedAt, { type: 'pay' })).toEqual(starting);
  });

  it('a second click on "Cancel that payment" sends nothing more', () => {
    expect(run(releasing, { type: 'release' })).toBe(releasing);
  });
});

describe('checkoutReducer: the discount code', () => {
  it('Apply sets the code on the payment step; Remove clears it', () => {
    const applied = checkoutReducer(ready, { type: 'code', code: 'FESTIVE10' });
    expect(applied).toEqual(at({ status: 'ready' }, 'FESTIVE10'));
    expect(checkoutReducer(applied, { type: 'code', code: null })).toEqual(ready);
  });

  it('a new price clears the notice of the last attempt', () => {
    expect(checkoutReducer(cancelled, { type: 'code', code: 'FESTIVE10' })).toEqual(
      at({ status: 'ready' }, 'FESTIVE10'),
    );
    expect(checkoutReducer(failed, { type: 'code', code: 'FESTIVE10' })).toEqual(at({ status: 'ready' }, 'FESTIVE10'));
  });

  it('the same code again, or a code while paying, changes nothing', () => {
    const applied = at({ status: 'ready' }, 'FESTIVE10');
    expect(checkoutReducer(applied, { type: 'code', code: 'FESTIVE10' })).toBe(applied);
    for (const state of [starting, popup, verifying]) {
      expect(checkoutReducer(state, { type: 'code', code: 'FESTIVE10' })).toBe(state);
    }
  });

  it('the code lasts through Edit details, Cancel and a new open, and goes with the verified payment', () => {
    const applied = at({ status: 'ready' }, 'FESTIVE10');
    const reopened = run(applied, { type: 'edit' }, { type: 'back' }, { type: 'open' }, { type: 'submit', values });
    expect(reopened).toEqual(applied);
    const paid = run(
      applied,
      { type: 'pay' },
      { type: 'started', start },
      { type: 'paid', reference: 'ANK-ref123' },
      { type: 'verified' },
    );
    expect(paid).toEqual(initialCheckoutState);
  });

  it('a code refused when the payment starts stays on the payment step', () => {
    expect(isCodeProblem('This code has expired')).toBe(true);
    expect(isCodeProblem('Spend ₦20,000.00 or more to use this code')).toBe(true);
    expect(isCodeProblem('Sorry, we do not deliver to Borno yet.')).toBe(false);
    const error = new ApiError(400, 'validation', 'This code has been used up');
    expect(startFailure(error, 'x')).toEqual({ type: 'failed', message: 'This code has been used up' });
    const borno = new ApiError(400, 'validation', 'Sorry, we do not deliver to Borno yet.');
    expect(startFailure(borno, 'x')).toEqual({ type: 'refused', message: 'Sorry, we do not deliver to Borno yet.' });
  });
});

describe('checkoutReducer: the latch', () => {
  it('a second Pay while the first is starting is ignored (the same state, so no second request)', () => {
    const first = checkoutReducer(ready, { type: 'pay' });
    expect(first).toEqual(starting);
    expect(checkoutReducer(first, { type: 'pay' })).toBe(first);
  });

  it('Pay is ignored while the pop-up is open or the payment is being verified', () => {
    expect(checkoutReducer(popup, { type: 'pay' })).toBe(popup);
    expect(checkoutReducer(verifying, { type: 'pay' })).toBe(verifying);
  });

  it('a second Proceed to Payment while a payment is in flight changes nothing', () => {
    for (const state of [starting, popup, verifying]) {
      expect(checkoutReducer(state, { type: 'submit', values })).toBe(state);
    }
  });

  it('Edit details is ignored while busy', () => {
    for (const state of [starting, popup, verifying]) {
      expect(checkoutReducer(state, { type: 'edit' })).toBe(state);
    }
  });

  it('a second success report from the pop-up verifies once', () => {
    const first = checkoutReducer(popup, { type: 'paid', reference: 'ANK-ref123' });
    expect(checkoutReducer(first, { type: 'paid', reference: 'ANK-ref123' })).toBe(first);
  });

  it('a cancel after the pop-up reported success does not stop the verification', () => {
    expect(checkoutReducer(verifying, { type: 'cancelled' })).toBe(verifying);
  });

  it('a late answer to a payment no longer starting is ignored', () => {
    expect(checkoutReducer(failed, { type: 'started', start })).toBe(failed);
    expect(checkoutReducer(ready, { type: 'verified' })).toBe(ready);
    expect(checkoutReducer(initialCheckoutState, { type: 'failed', message: 'x' })).toBe(initialCheckoutState);
  });

  it.each(TAKES)('%s takes only its own actions', (_name, state, takes) => {
    for (const action of ALL_ACTIONS) {
      const next = checkoutReducer(state, action);
      if (takes.includes(action.type)) expect(next, action.type).not.toBe(state);
      else expect(next, action.type).toBe(state);
    }
  });
});

describe('focusAfter', () => {
  it('a new step focuses its heading; closing focuses nothing', () => {
    expect(focusAfter(initialCheckoutState, details)).toBe('heading');
    expect(focusAfter(details, ready)).toBe('heading');
    expect(focusAfter(ready, { step: 'details', values, code: null, problem: null })).toBe('heading');
    expect(focusAfter(details, initialCheckoutState)).toBeNull();
    expect(focusAfter(verifying, initialCheckoutState)).toBeNull();
  });

  it('back from the pop-up or a failed verification, Pay takes the focus', () => {
    expect(focusAfter(popup, cancelled)).toBe('pay');
    expect(focusAfter(popup, failed)).toBe('pay');
    expect(focusAfter(verifying, failed)).toBe('pay');
  });

  it('once the earlier payment is cancelled, Pay takes the focus', () => {
    expect(focusAfter(releasing, released)).toBe('pay');
    expect(focusAfter(starting, blockedAt)).toBeNull();
  });

  it('a payment that could not start leaves the focus where it is', () => {
    expect(focusAfter(starting, failed)).toBeNull();
    expect(focusAfter(ready, starting)).toBeNull();
    expect(focusAfter(starting, popup)).toBeNull();
    expect(focusAfter(popup, verifying)).toBeNull();
    expect(focusAfter(ready, ready)).toBeNull();
  });
});

describe('startFailure and messageOf', () => {
  const FALLBACK = "We couldn't start the payment. Please try again in a moment.";

  it('a 400 refuses the details with the server reason', () => {
    const error = new ApiError(400, 'validation', 'Please enter a valid phone number.');
    expect(startFailure(error, FALLBACK)).toEqual({ type: 'refused', message: 'Please enter a valid phone number.' });
  });

  it('a rate limit, a conflict or an upstream failure is a failure with the server message', () => {
    for (const [status, code] of [
      [400, 'too_many_requests'],
      [409, 'bag_changed'],
      [502, 'upstream'],
    ] as const) {
      expect(startFailure(new ApiError(status, code, 'Why'), FALLBACK)).toEqual({ type: 'failed', message: 'Why' });
    }
  });

  it('an earlier payment in progress blocks; a changed total is a failure with the new total', () => {
    expect(startFailure(new ApiError(409, 'payment_in_progress', IN_PROGRESS), FALLBACK)).toEqual({
      type: 'blocked',
      message: IN_PROGRESS,
    });
    const changed = 'The total has changed to ₦16,845.00 since you saw it. Please check your order and pay again.';
    expect(startFailure(new ApiError(409, 'price_changed', changed), FALLBACK)).toEqual({
      type: 'failed',
      message: changed,
    });
  });

  it('falls back when the server said nothing worth showing', () => {
    expect(messageOf(new ApiError(500, 'http_500', 'Internal Server Error'), FALLBACK)).toBe(FALLBACK);
    expect(messageOf(new ApiError(200, 'invalid_response', 'Bad JSON'), FALLBACK)).toBe(FALLBACK);
    expect(messageOf(new TypeError('Failed to fetch'), FALLBACK)).toBe(FALLBACK);
    expect(startFailure(new TypeError('Failed to fetch'), FALLBACK)).toEqual({ type: 'failed', message: FALLBACK });
  });
});

describe('issue 23: pay on delivery and transfers', () => {
  it('a pay-on-delivery order placed ends the checkout from starting, with no pop-up', () => {
    expect(checkoutReducer(starting, { type: 'placed' })).toEqual(initialCheckoutState);
    // Nowhere else: a stray answer changes nothing.
    for (const state of [ready, popup, verifying, cancelled, failed]) {
      expect(checkoutReducer(state, { type: 'placed' })).toBe(state);
    }
  });

  it('a transfer the shop waits for ends the checkout from verifying, as no error', () => {
    expect(checkoutReducer(verifying, { type: 'pending' })).toEqual(initialCheckoutState);
    for (const state of [ready, starting, popup, cancelled]) {
      expect(checkoutReducer(state, { type: 'pending' })).toBe(state);
    }
  });
});
