import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  cancelOpenPayments,
  cancelPayment,
  isPlaced,
  usePlacedOrder,
  useApplyCode,
  useCheckoutDetails,
  useQuote,
  useStartPayment,
  useVerifyPayment,
  type CheckoutDetails,
  type PaymentMethod,
} from '../api/checkout';
import { focusAfter, isBusy, messageOf, startFailure, type CheckoutState } from '../lib/checkoutReducer';
import { heldUntilText } from '../lib/heldUntil';
import { openPaystackPopup } from '../lib/paystackInline';
import { useCheckoutMachine } from '../lib/useCheckoutMachine';
import { trimValues, type CheckoutValues } from '../lib/validate';
import { CheckoutForm } from './CheckoutForm';
import { useCheckoutScope } from './CheckoutScope';
import { DiscountCode } from './DiscountCode';
import { PaymentChoice } from './PaymentChoice';
import { PriceBreakdown } from '@/components/PriceBreakdown';
import { Spinner } from '@/components/Spinner';
import { isApiError } from '@/lib/api';
import { matchState, rememberState, useDeliveryOptions, useShopperState } from '@/lib/delivery';
import { formatNaira } from '@/lib/money';
import { addressLines } from '@/lib/orders';
import { useSession } from '@/lib/session';
import { bagQueryOptions } from '@/lib/shopping';
import type { Bag, DeliveryOptions, SessionUser } from '@/lib/types';
import './Checkout.css';

const SandboxPopup = lazy(() => import('./SandboxPopup').then((m) => ({ default: m.SandboxPopup })));

export const PAYMENT_CANCELLED = 'Payment cancelled';
export const START_FAILED = "We couldn't start the payment. Please try again in a moment.";
export const BAG_BLOCKED = 'Some items in your bag are sold out or no longer available. Remove them to check out.';
export const QUOTE_FAILED = "We couldn't work out your total. Please try again in a moment.";
export const VERIFY_FAILED =
  'We could not confirm your payment yet. If you were charged, your order will appear in My Orders shortly.';
export const CANCEL_EARLIER = 'Cancel that payment';
export const EARLIER_CANCELLED = 'The earlier payment was cancelled. You can pay now.';
export const CANCEL_FAILED = "We couldn't cancel the earlier payment. Please try again in a moment.";
/** The shop's words while a bank transfer or USSD payment is on its way (the server's message wins). */
export const TRANSFER_WAITING = "We're waiting for your transfer. We'll e-mail you when it arrives.";
/** Where Proceed to Checkout stood while a payment's money is on its way. */
export const PAYMENT_ON_ITS_WAY = 'Your payment is on its way: this bag is checked out as soon as it arrives.';

/** Channels whose money arrives later: the server waits for it rather than saying no. */
export const LATER_CHANNELS = ['bank_transfer', 'ussd', 'bank'];

/**
 * Where the details form starts: the last details used (or the profile, or nothing for a guest)
 * and Nigeria; the State is the one chosen in the bag's "Deliver to" when there is one, so it is
 * asked once.
 */
function startingValues(
  details: CheckoutDetails | undefined,
  user: SessionUser | null,
  options: DeliveryOptions,
  chosenState: string | null,
): CheckoutValues {
  const address = details?.address ?? {
    street: '',
    city: '',
    state: '',
    country: 'Nigeria',
    postalCode: '',
    landmark: '',
  };
  return {
    customer: details?.customer ?? {
      name: user?.displayName ?? '',
      email: user?.email ?? '',
      phone: user?.phoneNumber ?? '',
    },
    // The last address's state when the list knows it (in any case), else a choice to make.
    address: { ...address, state: matchState(options.states, chosenState ?? address.state) ?? '' },
    method: 'delivery',
  };
}

/** The bag's lines in a few characters: a new bag is a new price. */
function bagSignature(bag: Bag | undefined): string {
  if (!bag) return '';
  return `${bag.total}:${bag.items.map((item) => `${item.id}x${item.quantity}`).join(',')}`;
}

/**
 * Checkout inside the bag's summary (SPEC section 4): Proceed to Checkout → customer details and
 * delivery address → Proceed to Payment → "Pay ₦…" → the payment pop-up (Paystack's, or the
 * built-in sandbox's) → the server verifies and creates the order. The steps are
 * `checkoutReducer`'s; this component renders them and reports what happens.
 */
export function CheckoutPanel() {
  const { user } = useSession();
  const { data: bag } = useQuery(bagQueryOptions);
  const { outcome, setOutcome, setStep } = useCheckoutScope();
  const [state, send] = useCheckoutMachine();
  const { mutateAsync: startPayment } = useStartPayment();
  const { mutateAsync: verifyPayment } = useVerifyPayment();
  const placedOrder = usePlacedOrder();
  const { state: chosenState } = useShopperState();
  // "Pay now" or "Pay on delivery", when the quote offers the second.
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('paystack');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const payRef = useRef<HTMLButtonElement>(null);
  const details = useCheckoutDetails(state.step !== 'closed' && state.values === null);
  const delivery = useDeliveryOptions();
  const bagKey = bagSignature(bag);
  const quoteRequest =
    state.step === 'payment'
      ? { state: state.values.address.state.trim(), method: state.values.method, code: state.code }
      : null;
  const quote = useQuote(quoteRequest, bagKey);
  const { mutateAsync: tryCode } = useApplyCode(bagKey);

  // The page around steps aside while the checkout is open (the bag's own total and "Deliver to").
  useEffect(() => setStep(state.step), [setStep, state.step]);
  useEffect(() => () => setStep('closed'), [setStep]);

  // A new step takes the focus to its heading (keyboard and screen-reader users land there); back
  // from the pop-up, the focus returns to the pay button.
  const previous = useRef<CheckoutState>(state);
  useEffect(() => {
    const target = focusAfter(previous.current, state);
    previous.current = state;
    if (target === 'heading') headingRef.current?.focus();
    if (target === 'pay') payRef.current?.focus();
  }, [state]);

  const guest = !user;
  // The e-mail of the payment being verified (a guest keeping her details before a transfer lands).
  const emailRef = useRef('');
  const verify = useCallback(
    async (reference: string, sentLater = false) => {
      if (!send({ type: 'paid', reference })) return;
      try {
        const result = await verifyPayment(reference);
        if (!result.success) {
          // A transfer or USSD payment on its way is not a failure: the shop waits for the money.
          if (result.status === 'pending' && (sentLater || LATER_CHANNELS.includes(result.channel ?? ''))) {
            setOutcome({
              kind: 'waiting',
              message: result.message ?? TRANSFER_WAITING,
              reference,
              guest,
              email: emailRef.current,
            });
            send({ type: 'pending' });
            return;
          }
          send({ type: 'failed', message: result.message ?? VERIFY_FAILED });
          return;
        }
        setOutcome({ kind: 'paid', reference: result.reference || reference, order: result.order, guest });
        send({ type: 'verified' });
      } catch (error) {
        send({ type: 'failed', message: messageOf(error, VERIFY_FAILED) });
      }
    },
    [send, setOutcome, verifyPayment, guest],
  );

  // Closed without paying: the payment's units go back on sale.
  const cancelled = useCallback(
    (reference: string) => {
      if (send({ type: 'cancelled' })) void cancelPayment(reference);
    },
    [send],
  );

  const pay = async (values: CheckoutValues, code: string | null, expectedTotal: number, method: PaymentMethod) => {
    if (!send({ type: 'pay' })) return;
    emailRef.current = values.customer.email.trim();
    setOutcome(null);
    let start;
    try {
      start = await startPayment({ ...trimValues(values), code, expectedTotal, paymentMethod: method });
    } catch (error) {
      send(startFailure(error, START_FAILED));
      return;
    }
    // Pay on delivery: the order exists already; nothing to open or verify.
    if (isPlaced(start)) {
      setOutcome({ kind: 'placed', order: start.order, guest });
      send({ type: 'placed' });
      placedOrder(start);
      return;
    }
    send({ type: 'started', start });
    if (start.mode === 'sandbox') return;
    try {
      await openPaystackPopup(start.accessCode, start.reference, {
        onSuccess: (reference) => void verify(reference),
        onCancel: () => cancelled(start.reference),
        onError: (message) => send({ type: 'failed', message }),
      });
    } catch (error) {
      send({ type: 'failed', message: error instanceof Error ? error.message : START_FAILED });
    }
  };

  // "Cancel that payment": ends the shopper's earlier payment, so this one can start.
  const release = async () => {
    if (!send({ type: 'release' })) return;
    try {
      await cancelOpenPayments();
      send({ type: 'released' });
    } catch (error) {
      send({ type: 'failed', message: messageOf(error, CANCEL_FAILED) });
    }
  };

  const blocked = bag?.canCheckout === false;
  const blockedNote = blocked && (
    <p id="checkout-blocked" className="alert alert--warning checkout__notice">
      {BAG_BLOCKED}
    </p>
  );

  if (state.step === 'closed') {
    // No second payment for the same bag while the first one's money is on its way.
    if (outcome?.kind === 'waiting') {
      return (
        <div className="checkout">
          <p className="checkout__notice muted">{PAYMENT_ON_ITS_WAY}</p>
        </div>
      );
    }
    return (
      <div className="checkout">
        {blockedNote}
        <button
          type="button"
          className="btn btn--primary btn--block"
          disabled={blocked}
          aria-describedby={blocked ? 'checkout-blocked' : undefined}
          onClick={() => {
            setOutcome(null);
            send({ type: 'open' });
          }}
        >
          Proceed to Checkout
        </button>
      </div>
    );
  }

  if (state.step === 'details') {
    const waiting = (state.values === null && details.isPending) || !delivery.data;
    return (
      <section className="checkout" aria-labelledby="checkout-heading">
        <p className="checkout__step">Step 1 of 2</p>
        <h3 id="checkout-heading" ref={headingRef} tabIndex={-1} className="checkout__title">
          Delivery details
        </h3>
        {delivery.isError && !delivery.data ? (
          <div role="alert" className="checkout__notice-region">
            <p className="alert alert--error checkout__notice">{messageOf(delivery.error, QUOTE_FAILED)}</p>
            <button type="button" className="btn btn--dark btn--sm" onClick={() => void delivery.refetch()}>
              Try again
            </button>
          </div>
        ) : waiting || !delivery.data ? (
          <div className="checkout__loading">
            <Spinner label="Loading your details…" />
          </div>
        ) : (
          <CheckoutForm
            initial={state.values ?? startingValues(details.data, user, delivery.data, chosenState)}
            options={delivery.data}
            subtotal={bag?.total ?? 0}
            initialProblem={state.problem}
            postalCode={details.data?.postalCode}
            onSubmit={(values) => {
              rememberState(values.address.state);
              send({ type: 'submit', values });
            }}
            onBack={() => send({ type: 'back' })}
          />
        )}
      </section>
    );
  }

  const { values: chosen, payment, code } = state;
  const busy = isBusy(payment);
  const priced = quote.data && !quote.isPlaceholderData && !quote.isError ? quote.data : null;
  const shown = quote.isError ? null : quote.data;
  const total = priced?.breakdown.total ?? 0;
  const pickup = chosen.method === 'pickup';
  const heldUntil = payment.status === 'popup' ? heldUntilText(payment.start.expiresAt) : null;
  // The choice stands only while the server offers it for this order (a code or a new total may change that).
  const offer = shown?.payOnDelivery ?? null;
  const method: PaymentMethod = offer?.offered ? paymentMethod : 'paystack';
  const later = method === 'pay_on_delivery';

  const apply = async (typed: string): Promise<string | null> => {
    try {
      const answer = await tryCode({ state: chosen.address.state.trim(), method: chosen.method, code: typed });
      send({ type: 'code', code: answer.code ?? typed });
      return null;
    } catch (error) {
      return messageOf(error, QUOTE_FAILED);
    }
  };
  return (
    <section className="checkout" aria-labelledby="checkout-heading" aria-busy={busy}>
      <p className="checkout__step">Step 2 of 2</p>
      <h3 id="checkout-heading" ref={headingRef} tabIndex={-1} className="checkout__title">
        Payment
      </h3>
      <dl className="checkout__review">
        <div>
          <dt>{pickup ? 'Pick up in store' : 'Deliver to'}</dt>
          <dd>
            <span className="checkout__name">{chosen.customer.name}</span>
            {pickup
              ? delivery.data?.pickup.address && <span>{delivery.data.pickup.address}</span>
              : addressLines(trimValues(chosen).address).map((line) => <span key={line}>{line}</span>)}
          </dd>
        </div>
        <div>
          <dt>Contact</dt>
          <dd>
            <span>{chosen.customer.email}</span>
            <span>{chosen.customer.phone}</span>
          </dd>
        </div>
        {chosen.note?.trim() && (
          <div>
            <dt>Note</dt>
            <dd>
              <span>{chosen.note.trim()}</span>
            </dd>
          </div>
        )}
      </dl>
      <button
        type="button"
        className="btn btn--outline btn--sm checkout__edit"
        disabled={busy}
        onClick={() => send({ type: 'edit' })}
      >
        Edit details
      </button>
      <DiscountCode
        applied={code}
        onApply={apply}
        onRemove={() => send({ type: 'code', code: null })}
        disabled={busy}
      />
      <section className="checkout__summary" aria-labelledby="checkout-summary-heading" aria-busy={quote.isFetching}>
        <h4 id="checkout-summary-heading" className="checkout__summary-title">
          Summary
        </h4>
        {shown ? (
          <>
            <PriceBreakdown
              {...shown.breakdown}
              full
              method={chosen.method}
              code={shown.code}
              estimate={shown.deliveryEstimate}
              className="checkout__breakdown"
            />
            {!pickup && shown.deliveryEstimate && (
              <p className="checkout__estimate">
                Delivery to {chosen.address.state.trim()} in {shown.deliveryEstimate}
              </p>
            )}
          </>
        ) : quote.isError ? (
          <div role="alert">
            <p className="alert alert--error checkout__notice">{messageOf(quote.error, QUOTE_FAILED)}</p>
            {!(isApiError(quote.error) && quote.error.status === 400) && (
              <button type="button" className="btn btn--outline btn--sm" onClick={() => void quote.refetch()}>
                Try again
              </button>
            )}
          </div>
        ) : (
          <Spinner size="sm" label="Working out your total…" />
        )}
      </section>
      {offer && (offer.offered || offer.reason) && (
        <PaymentChoice
          offer={offer}
          pickup={pickup}
          value={offer.offered ? paymentMethod : 'paystack'}
          onChange={setPaymentMethod}
          disabled={busy}
        />
      )}
      {blockedNote}
      <div role="alert" className="checkout__notice-region">
        {payment.status === 'error' && <p className="alert alert--error checkout__notice">{payment.message}</p>}
        {(payment.status === 'blocked' || payment.status === 'releasing') && (
          <p className="alert alert--warning checkout__notice">{payment.message}</p>
        )}
        {payment.status === 'blocked' && payment.problem && (
          <p className="alert alert--error checkout__notice">{payment.problem}</p>
        )}
      </div>
      {(payment.status === 'blocked' || payment.status === 'releasing') && (
        <button
          type="button"
          className="btn btn--outline btn--sm checkout__release"
          disabled={payment.status === 'releasing'}
          aria-busy={payment.status === 'releasing'}
          onClick={() => void release()}
        >
          {payment.status === 'releasing' && <Spinner size="sm" label="Cancelling the earlier payment…" />}
          {CANCEL_EARLIER}
        </button>
      )}
      <div role="status" className="checkout__notice-region">
        {payment.status === 'cancelled' && <p className="alert alert--info checkout__notice">{PAYMENT_CANCELLED}</p>}
        {payment.status === 'released' && <p className="alert alert--info checkout__notice">{EARLIER_CANCELLED}</p>}
        {payment.status === 'verifying' && (
          <p className="checkout__verifying">
            <span className="spinner spinner--sm" aria-hidden="true">
              <span className="spinner__ring" />
            </span>
            Confirming your payment…
          </p>
        )}
      </div>
      <button
        ref={payRef}
        type="button"
        className="btn btn--primary btn--block checkout__pay"
        // Not while the total is being checked again: the shopper pays the total they see.
        disabled={busy || !priced || total <= 0 || blocked || quote.isFetching}
        aria-describedby={blocked ? 'checkout-blocked' : undefined}
        aria-busy={payment.status === 'starting'}
        onClick={() => void pay(chosen, code, total, method)}
      >
        {payment.status === 'starting' && (
          <Spinner size="sm" label={later ? 'Placing your order…' : 'Starting payment…'} />
        )}
        {later ? placeOrderLabel(total, pickup) : priced ? `Pay ${formatNaira(total)}` : 'Pay'}
      </button>
      <div role="status" className="checkout__held-region">
        {heldUntil && <p className="checkout__held">{heldUntil}</p>}
      </div>
      <p className="checkout__secure">
        {later
          ? `Nothing to pay now: pay ${pickup ? 'at pickup' : 'the rider'} in cash, by transfer or POS.`
          : details.data?.mode === 'sandbox'
            ? 'Test mode: pay with a test card, transfer or USSD; no money moves.'
            : 'Card payment in naira through Paystack.'}
      </p>
      {payment.status === 'popup' && payment.start.mode === 'sandbox' && (
        <Suspense fallback={null}>
          <SandboxPopup
            accessCode={payment.start.accessCode}
            amount={payment.start.amount}
            heldUntil={heldUntil}
            onSuccess={(reference, sentLater) => void verify(reference, sentLater)}
            onCancel={() => cancelled(payment.start.reference)}
          />
        </Suspense>
      )}
    </section>
  );
}

/** "Place order, pay ₦87,550.00 on delivery" ("at pickup"). */
export function placeOrderLabel(total: number, pickup: boolean): string {
  return `Place order, pay ${formatNaira(total)} ${pickup ? 'at pickup' : 'on delivery'}`;
}
