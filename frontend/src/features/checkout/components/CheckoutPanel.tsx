import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useApplyCode, useCheckoutDetails, useQuote, type PaymentMethod } from '../api/checkout';
import { isoCountry } from '../lib/abroad';
import { focusAfter, type CheckoutState } from '../lib/checkoutReducer';
import { useCheckoutMachine } from '../lib/useCheckoutMachine';
import { CheckoutDetailsStep } from './CheckoutDetailsStep';
import { CheckoutPaymentStep } from './CheckoutPaymentStep';
import { useCheckoutScope } from './CheckoutScope';
import { NO_TENDER, useCheckoutPayment, type Tender } from './useCheckoutPayment';
import { useCurrency } from '@/lib/currency';
import { useDeliveryOptions } from '@/lib/delivery';
import { useSession } from '@/lib/session';
import { bagQueryOptions } from '@/lib/shopping';
import type { Bag } from '@/lib/types';
import './Checkout.css';

export { QUOTE_FAILED } from './CheckoutDetailsStep';
export { CANCEL_EARLIER, EARLIER_CANCELLED, PAYMENT_CANCELLED } from './CheckoutPaymentParts';
export { placeOrderLabel } from './CheckoutPaymentStep';
export { LATER_CHANNELS, START_FAILED } from './PaymentPopup';
export { CANCEL_FAILED, TRANSFER_WAITING, VERIFY_FAILED } from './useCheckoutPayment';

export const BAG_BLOCKED = 'Some items in your bag are sold out or no longer available. Remove them to check out.';
/** Where Proceed to Checkout stood while a payment's money is on its way. */
export const PAYMENT_ON_ITS_WAY = 'Your payment is on its way: this bag is checked out as soon as it arrives.';

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
  const payment = useCheckoutPayment(send, setOutcome, !user);
  // "Pay now" or "Pay on delivery", when the quote offers the second.
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('paystack');
  // Store credit and a gift card, when the shopper chooses them.
  const [tender, setTender] = useState<Tender>(NO_TENDER);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const payRef = useRef<HTMLButtonElement>(null);
  const details = useCheckoutDetails(state.step !== 'closed' && state.values === null);
  const delivery = useDeliveryOptions();
  const bagKey = bagSignature(bag);
  // The shopper's currency, once the shop's list says it is still offered (naira if the list fails);
  // asked for when the checkout opens, not with the bag.
  const { currency, settled } = useCurrency(state.step !== 'closed');
  const money = { currency, country: isoCountry(state.values?.address.country ?? '') };
  const quoteRequest =
    state.step === 'payment' && settled
      ? {
          ...money,
          state: state.values.address.state.trim(),
          method: state.values.method,
          code: state.code,
          useCredit: tender.useCredit,
          giftCard: tender.giftCard,
          // A guest's e-mail: when it holds store credit, the summary says to sign in.
          email: user ? null : state.values.customer.email.trim(),
        }
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

  const blocked = bag?.canCheckout === false;
  const blockedNote = blocked && (
    <p id="checkout-blocked" className="alert alert--warning checkout__notice">
      {BAG_BLOCKED}
    </p>
  );

  if (state.step === 'details') {
    return (
      <CheckoutDetailsStep
        headingRef={headingRef}
        values={state.values}
        problem={state.problem}
        details={details}
        delivery={delivery}
        subtotal={bag?.total ?? 0}
        onSubmit={(values) => send({ type: 'submit', values })}
        onBack={() => send({ type: 'back' })}
      />
    );
  }
  if (state.step === 'payment') {
    return (
      <CheckoutPaymentStep
        state={state}
        send={send}
        payment={payment}
        quote={quote}
        money={money}
        tryCode={tryCode}
        pickupAddress={delivery.data?.pickup.address}
        sandbox={details.data?.mode === 'sandbox'}
        paymentMethod={paymentMethod}
        setPaymentMethod={setPaymentMethod}
        blocked={blocked}
        blockedNote={blockedNote}
        headingRef={headingRef}
        payRef={payRef}
        tender={tender}
        setTender={setTender}
      />
    );
  }
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
