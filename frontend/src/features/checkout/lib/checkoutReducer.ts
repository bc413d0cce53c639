import type { PaymentStart } from '../api/checkout';
import type { CheckoutValues } from './validate';
import { isApiError } from '@/lib/api';

/**
 * The checkout in the bag's summary as a state machine (SPEC section 4):
 *
 *   closed ──open──▶ details ──submit──▶ payment ──edit──▶ details
 *   details ──back──▶ closed (what was typed is kept for the next open)
 *
 * and, on the payment step:
 *
 *   ready | cancelled | error | blocked | released ──pay──▶ starting ──started──▶ popup ──paid──▶ verifying ──verified──▶ closed (done)
 *   starting ──placed──▶ closed (done: a pay-on-delivery order, placed with no pop-up)
 *   verifying ──pending──▶ closed (a transfer on its way: the shop waits for the money)
 *   starting ──refused──▶ details, with the server's reason
 *   starting ──blocked──▶ blocked (an earlier payment can still be paid) ──release──▶ releasing ──released──▶ released
 *   releasing ──failed──▶ blocked, with why the cancel failed
 *   popup ──cancelled──▶ cancelled
 *   starting | popup | verifying ──failed──▶ error (a changed total too: the summary is priced again)
 *
 * Every step carries the discount code applied (null for none): "Apply" and "Remove" on the
 * payment step set it (`code`), and it lasts through Edit details until the payment is verified.
 *
 * Any action that does not apply to the current state leaves it as it is (the very same object):
 * that is the latch. A second "Pay" while a payment is starting, or a second success report from
 * a pop-up while the first is being verified, changes nothing, so starts nothing.
 */
export type CheckoutState =
  | { step: 'closed'; values: CheckoutValues | null; code: string | null }
  | { step: 'details'; values: CheckoutValues | null; code: string | null; problem: string | null }
  | { step: 'payment'; values: CheckoutValues; code: string | null; payment: PaymentState };

/** Where the payment step stands: ready, cancelled and error wait for the shopper; the rest are busy. */
export type PaymentState =
  | { status: 'ready' }
  | { status: 'starting' }
  /** The pop-up is open: Paystack's, or the sandbox's for a sandbox `start`. */
  | { status: 'popup'; start: PaymentStart }
  | { status: 'verifying'; reference: string }
  | { status: 'cancelled' }
  | { status: 'error'; message: string }
  /** The shopper has an earlier payment that can still be paid: cancel it to pay for this one. */
  | { status: 'blocked'; message: string; problem: string | null }
  /** The earlier payment is being cancelled. */
  | { status: 'releasing'; message: string }
  /** The earlier payment was cancelled: Pay starts this one. */
  | { status: 'released' };

export type CheckoutAction =
  /** "Proceed to Checkout". */
  | { type: 'open' }
  /** "Cancel" on the details form. */
  | { type: 'back' }
  /** "Proceed to Payment" with details that passed the form's checks. */
  | { type: 'submit'; values: CheckoutValues }
  /** "Edit details" on the payment step. */
  | { type: 'edit' }
  /** A code the server accepted ("Apply"), or null ("Remove"). */
  | { type: 'code'; code: string | null }
  /** "Pay ₦…". */
  | { type: 'pay' }
  /** The server started the payment: the pop-up opens. */
  | { type: 'started'; start: PaymentStart }
  /** The server refused the details (400): back to the form with its reason. */
  | { type: 'refused'; message: string }
  /** The server refused because an earlier payment is in progress (409 `payment_in_progress`). */
  | { type: 'blocked'; message: string }
  /** "Cancel that payment". */
  | { type: 'release' }
  /** The earlier payment was cancelled. */
  | { type: 'released' }
  /** The pop-up reports a payment. */
  | { type: 'paid'; reference: string }
  /** The pop-up was closed without paying. */
  | { type: 'cancelled' }
  /** The server confirmed the payment and created the order. */
  | { type: 'verified' }
  /** The server placed a pay-on-delivery order (no pop-up, nothing to verify). */
  | { type: 'placed' }
  /** The server is waiting for a bank transfer or USSD payment to arrive. */
  | { type: 'pending' }
  /** The payment could not start, the pop-up failed, or verification did not confirm it. */
  | { type: 'failed'; message: string };

export const initialCheckoutState: CheckoutState = { step: 'closed', values: null, code: null };

/** Whether the payment step is waiting on the server or the pop-up (its buttons are disabled). */
export function isBusy(payment: PaymentState): boolean {
  return (
    payment.status === 'starting' ||
    payment.status === 'popup' ||
    payment.status === 'verifying' ||
    payment.status === 'releasing'
  );
}

function paymentReducer(state: Extract<CheckoutState, { step: 'payment' }>, action: CheckoutAction): CheckoutState {
  const { values, code, payment } = state;
  const to = (next: PaymentState): CheckoutState => ({ step: 'payment', values, code, payment: next });
  switch (action.type) {
    case 'edit':
      return isBusy(payment) ? state : { step: 'details', values, code, problem: null };
    case 'code':
      // A new price: an old notice about the last attempt no longer applies.
      return isBusy(payment) || action.code === code
        ? state
        : { step: 'payment', values, code: action.code, payment: { status: 'ready' } };
    case 'pay':
      return isBusy(payment) ? state : to({ status: 'starting' });
    case 'started':
      return payment.status === 'starting' ? to({ status: 'popup', start: action.start }) : state;
    case 'refused':
      return payment.status === 'starting' ? { step: 'details', values, code, problem: action.message } : state;
    case 'blocked':
      return payment.status === 'starting' ? to({ status: 'blocked', message: action.message, problem: null }) : state;
    case 'release':
      return payment.status === 'blocked' ? to({ status: 'releasing', message: payment.message }) : state;
    case 'released':
      return payment.status === 'releasing' ? to({ status: 'released' }) : state;
    case 'paid':
      return payment.status === 'popup' ? to({ status: 'verifying', reference: action.reference }) : state;
    case 'cancelled':
      return payment.status === 'popup' ? to({ status: 'cancelled' }) : state;
    case 'verified':
    case 'pending':
      return payment.status === 'verifying' ? initialCheckoutState : state;
    case 'placed':
      return payment.status === 'starting' ? initialCheckoutState : state;
    case 'failed':
      // A failed cancel keeps the way to try it again.
      if (payment.status === 'releasing')
        return to({ status: 'blocked', message: payment.message, problem: action.message });
      return isBusy(payment) ? to({ status: 'error', message: action.message }) : state;
    default:
      return state;
  }
}

export function checkoutReducer(state: CheckoutState, action: CheckoutAction): CheckoutState {
  switch (state.step) {
    case 'closed':
      return action.type === 'open'
        ? { step: 'details', values: state.values, code: state.code, problem: null }
        : state;
    case 'details':
      if (action.type === 'back') return { step: 'closed', values: state.values, code: state.code };
      if (action.type === 'submit')
        return { step: 'payment', values: action.values, code: state.code, payment: { status: 'ready' } };
      return state;
    case 'payment':
      return paymentReducer(state, action);
  }
}

/**
 * What takes the focus after a change: a new step's heading, or Pay when the pop-up, verification
 * or the cancel of an earlier payment ends.
 */
export function focusAfter(before: CheckoutState, after: CheckoutState): 'heading' | 'pay' | null {
  if (before.step !== after.step) return after.step === 'closed' ? null : 'heading';
  if (before.step !== 'payment' || after.step !== 'payment') return null;
  const ended = ['popup', 'verifying', 'releasing'].includes(before.payment.status);
  return ended && !isBusy(after.payment) ? 'pay' : null;
}

/** 409 codes of POST /api/checkout the checkout acts on. */
export const PAYMENT_IN_PROGRESS = 'payment_in_progress';
export const PRICE_CHANGED = 'price_changed';

/** The server's message for a refused request; `fallback` when there is none worth showing. */
export function messageOf(error: unknown, fallback: string): string {
  if (isApiError(error) && !error.code.startsWith('http_') && error.code !== 'invalid_response') return error.message;
  return fallback;
}

/** The server's reasons for refusing a discount code (they belong by the code field, not the address form). */
const CODE_PROBLEMS = [
  'This code has expired',
  'This code has been used up',
  'This code is not valid',
  'You have already used this code',
];

export function isCodeProblem(message: string): boolean {
  return CODE_PROBLEMS.includes(message) || /^Spend ₦[\d,.]+ or more to use this code$/.test(message);
}

/**
 * A payment that could not start: a 400 refuses the details (back to the form), except a refused
 * code, which stays on the payment step by the code; an earlier payment still in progress blocks
 * it until cancelled; anything else (a changed total too) fails.
 */
export function startFailure(error: unknown, fallback: string): CheckoutAction {
  const message = messageOf(error, fallback);
  if (isApiError(error) && error.code === PAYMENT_IN_PROGRESS) return { type: 'blocked', message };
  return isApiError(error) && error.status === 400 && error.code !== 'too_many_requests' && !isCodeProblem(message)
    ? { type: 'refused', message }
    : { type: 'failed', message };
}
